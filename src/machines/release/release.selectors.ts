import type { SnapshotFrom } from 'xstate';
import type { releaseMachine } from './release.machine.ts';

type ReleaseSnapshot = SnapshotFrom<typeof releaseMachine>;

export const selectUpdateAvailable = (s: ReleaseSnapshot) => s.matches('updateAvailable');
export const selectChunkFailed = (s: ReleaseSnapshot) => s.matches('chunkFailed');
