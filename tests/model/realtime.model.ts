import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as realtimeActors from '../../src/machines/realtime/realtime.actors.ts';
import {
  realtimeMachine,
  type RealtimeEvent,
  type RealtimeInput,
} from '../../src/machines/realtime/realtime.machine.ts';
import type { MachineModel, ModelEvent } from './graph.ts';

export const realtimeInputs = {
  loggedIn: { autoConnect: true },
  anonymous: { autoConnect: false },
} satisfies Record<string, RealtimeInput>;

export const realtimeEventFixtures = {
  'realtime.connect': [{ type: 'realtime.connect' }],
  'realtime.disconnect': [{ type: 'realtime.disconnect' }],
  'socket.connected': [{ type: 'socket.connected' }],
  'socket.disconnected': [
    { type: 'socket.disconnected', reason: 'transport close', willReconnect: true },
    { type: 'socket.disconnected', reason: 'io server disconnect', willReconnect: false },
  ],
  'socket.failed': [
    { type: 'socket.failed', code: 'websocket error', willRetry: true },
    { type: 'socket.failed', code: 'token_invalid', willRetry: false },
  ],
  'session.tokenRefreshed': [{ type: 'session.tokenRefreshed' }],
  'notification.received': [
    {
      type: 'notification.received',
      notification: {
        id: 'n1',
        kind: 'import.finished',
        values: { count: 3 },
        level: 'success',
        createdAt: '2030-01-01T12:00:00Z',
      },
    },
  ],
} satisfies { [K in RealtimeEvent['type']]: Array<Extract<RealtimeEvent, { type: K }>> };

/** Both actors are callbacks: they report through events (the fixtures above), never through an output. */
export const realtimeOutputFixtures = {
  socket: {},
  realtimeEvents: {},
} satisfies { [K in keyof typeof realtimeActors]: Record<string, OutputFrom<(typeof realtimeActors)[K]>> };

const ev = realtimeEventFixtures;

export const realtimeModel: MachineModel<RealtimeInput> = {
  name: 'realtime',
  machine: realtimeMachine,
  inputs: realtimeInputs,
  events: Object.values(realtimeEventFixtures).flat() as ModelEvent[],
  transient: ['realtime.starting'],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, error: s.context.error }),
  journeys: [
    {
      name: 'a notification arrives',
      input: 'loggedIn',
      events: [...ev['socket.connected'], ...ev['notification.received']],
    },
  ],
};
