import { assign, setup } from 'xstate';
import { loadEvents } from './loadingBar.actors.ts';
import type { LoadingBarContext, LoadingBarEvent } from './loadingBar.types.ts';

export type * from './loadingBar.types.ts';

/** Spec section 9: duration 2000 ms, throttle 200 ms, hide delay 500 ms, reset delay 400 ms, height 3 px. */
export const LOADING_BAR = {
  durationMs: 2000,
  throttleMs: 200,
  hideDelayMs: 500,
  resetDelayMs: 400,
  heightPx: 3,
  tickMs: 200,
  initialProgress: 8,
  /** The bar eases towards this value while loading and never reaches it. */
  ceiling: 99.5,
} as const;

/** One easing step: covers `tick / duration` of the distance left to 100 %, so progress approaches 100 % and never jumps. */
export function easeProgress(progress: number): number {
  const next = progress + (100 - progress) * (LOADING_BAR.tickMs / LOADING_BAR.durationMs);
  return Math.min(LOADING_BAR.ceiling, Math.round(next * 100) / 100);
}

/**
 * The top loading bar. `hidden` → `loading` on the first load; `loading.throttled` waits 200 ms so quick loads never
 * show; `loading.visible` eases progress towards 100 %. When the last load finishes, `finishing` fills the bar and
 * hides it after 500 ms; `reset` puts it back to 0 without animation and returns to `hidden` after 400 ms. A load
 * starting while finishing or resetting shows the bar again.
 */
export const loadingBarMachine = setup({
  types: {
    context: {} as LoadingBarContext,
    events: {} as LoadingBarEvent,
  },
  actors: { loadEvents },
  delays: {
    throttle: LOADING_BAR.throttleMs,
    tick: LOADING_BAR.tickMs,
    hideDelay: LOADING_BAR.hideDelayMs,
    resetDelay: LOADING_BAR.resetDelayMs,
  },
  guards: {
    isLastLoad: ({ context }) => context.pending <= 1,
  },
  actions: {
    countStart: assign({ pending: ({ context }) => context.pending + 1 }),
    countFinish: assign({ pending: ({ context }) => Math.max(0, context.pending - 1) }),
    clearPending: assign({ pending: 0 }),
    startProgress: assign({ progress: LOADING_BAR.initialProgress }),
    ease: assign({ progress: ({ context }) => easeProgress(context.progress) }),
    fill: assign({ progress: 100 }),
    zero: assign({ progress: 0 }),
  },
}).createMachine({
  id: 'loadingBar',
  context: { pending: 0, progress: 0 },
  invoke: { id: 'loadEvents', src: 'loadEvents' },
  initial: 'hidden',
  states: {
    hidden: {
      on: { 'load.started': { target: 'loading', actions: 'countStart' } },
    },
    loading: {
      on: { 'load.started': { actions: 'countStart' } },
      initial: 'throttled',
      states: {
        throttled: {
          after: { throttle: 'visible' },
          on: {
            'load.finished': [
              { guard: 'isLastLoad', target: '#loadingBar.hidden', actions: 'clearPending' },
              { actions: 'countFinish' },
            ],
          },
        },
        visible: {
          tags: ['visible'],
          entry: 'startProgress',
          initial: 'easing',
          states: {
            easing: { after: { tick: { target: 'easing', reenter: true, actions: 'ease' } } },
          },
          on: {
            'load.finished': [
              { guard: 'isLastLoad', target: '#loadingBar.finishing', actions: 'clearPending' },
              { actions: 'countFinish' },
            ],
          },
        },
      },
    },
    finishing: {
      tags: ['visible'],
      entry: 'fill',
      after: { hideDelay: 'reset' },
      on: { 'load.started': { target: 'loading.visible', actions: 'countStart' } },
    },
    reset: {
      entry: 'zero',
      after: { resetDelay: 'hidden' },
      on: { 'load.started': { target: 'loading', actions: 'countStart' } },
    },
  },
});
