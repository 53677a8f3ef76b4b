import { assign, setup, type ErrorActorEvent } from 'xstate';
import { reloadPage, writeChunkReloadAt } from '../../app/navigation.ts';
import { fetchManifest, releaseEvents } from './release.actors.ts';
import type { ReleaseInput, ReleaseContext, ReleaseEvent } from './release.types.ts';

export type * from './release.types.ts';

/** Spec section 9: build check every hour, reload guard 10 s. */
export const RELEASE = { checkIntervalMs: 60 * 60 * 1000, reloadGuardMs: 10_000 } as const;

/**
 * New release detection. `current` checks the build manifest every hour (`checking`); a different build id moves to
 * `updateAvailable`, which reloads the page on the next navigation. A chunk-load failure reloads at once (`reloading`),
 * unless this tab already did so in the last 10 s: then `chunkFailed`, so a broken deploy never loops.
 */
export const releaseMachine = setup({
  types: {
    context: {} as ReleaseContext,
    events: {} as ReleaseEvent,
    input: {} as ReleaseInput,
  },
  actors: { fetchManifest, releaseEvents },
  delays: { checkInterval: RELEASE.checkIntervalMs },
  guards: {
    isNewBuild: ({ context }, output: { buildId: string }) => output.buildId !== context.buildId,
    canReloadForChunk: ({ context }, at: number) => at - context.lastChunkReloadAt > RELEASE.reloadGuardMs,
  },
  actions: {
    assignLatest: assign((_, output: { buildId: string }) => ({ latestBuildId: output.buildId })),
    recordChunkReload: assign((_, at: number) => {
      writeChunkReloadAt(at);
      return { lastChunkReloadAt: at };
    }),
    logCheckFailure: (_, error: unknown) => console.warn('Build manifest check failed:', error),
    reload: () => reloadPage(),
  },
}).createMachine({
  id: 'release',
  context: ({ input }) => ({ ...input, latestBuildId: null }),
  invoke: { id: 'releaseEvents', src: 'releaseEvents' },
  on: {
    'chunk.failed': [
      {
        guard: { type: 'canReloadForChunk', params: ({ event }) => event.at },
        target: '.reloading',
        actions: { type: 'recordChunkReload', params: ({ event }) => event.at },
      },
      { target: '.chunkFailed' },
    ],
  },
  initial: 'current',
  states: {
    current: { after: { checkInterval: 'checking' } },
    checking: {
      invoke: {
        id: 'fetchManifest',
        src: 'fetchManifest',
        onDone: [
          {
            guard: { type: 'isNewBuild', params: ({ event }) => event.output },
            target: 'updateAvailable',
            actions: { type: 'assignLatest', params: ({ event }) => event.output },
          },
          { target: 'current' },
        ],
        onError: {
          target: 'current',
          actions: { type: 'logCheckFailure', params: ({ event }: { event: ErrorActorEvent }) => event.error },
        },
      },
    },
    updateAvailable: { on: { 'route.changed': 'reloading' } },
    reloading: { tags: ['busy'], entry: 'reload' },
    chunkFailed: { tags: ['error'] },
  },
});
