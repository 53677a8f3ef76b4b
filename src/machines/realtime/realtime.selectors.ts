import type { SnapshotFrom } from 'xstate';
import type { realtimeMachine } from './realtime.machine.ts';

type RealtimeSnapshot = SnapshotFrom<typeof realtimeMachine>;

export const selectIsConnected = (s: RealtimeSnapshot) => s.matches({ active: 'connected' });
export const selectConnectionState = (s: RealtimeSnapshot): 'idle' | 'connecting' | 'connected' | 'failed' =>
  s.matches('idle')
    ? 'idle'
    : s.matches('failed')
      ? 'failed'
      : s.matches({ active: 'connected' })
        ? 'connected'
        : 'connecting';
