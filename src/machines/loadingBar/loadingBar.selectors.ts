import type { SnapshotFrom } from 'xstate';
import type { loadingBarMachine } from './loadingBar.machine.ts';

type LoadingBarSnapshot = SnapshotFrom<typeof loadingBarMachine>;

export const selectProgress = (s: LoadingBarSnapshot) => s.context.progress;
export const selectVisible = (s: LoadingBarSnapshot) => s.hasTag('visible');
/** While resetting the width jumps back to 0 without a transition. */
export const selectAnimated = (s: LoadingBarSnapshot) => !s.matches('reset') && !s.matches('hidden');
