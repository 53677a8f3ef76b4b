import { enqueueActions, setup } from 'xstate';
import { toastSources } from './toasts.actors.ts';
import type { ToastMessage, ToastsContext, ToastsEvent } from './toasts.types.ts';

export type * from './toasts.types.ts';

/** Spec section 9: toasts last 3 s and sit 16 px from the edge. */
export const TOASTS = { durationMs: 3000, offsetPx: 16, maxVisible: 5 } as const;

export function toastKey(message: ToastMessage): string {
  return JSON.stringify(message);
}

const timerId = (id: string) => `expire:${id}`;

/**
 * Toasts. `empty` ⇄ `visible`. A message identical to a visible toast raises its repeat counter and restarts its
 * timer instead of stacking; each toast expires after 3 s; one can be dismissed by its close button, and the latest by
 * Escape. The oldest toast goes when more than five are visible.
 */
export const toastsMachine = setup({
  types: {
    context: {} as ToastsContext,
    events: {} as ToastsEvent,
  },
  actors: { toastSources },
  delays: { toastDuration: TOASTS.durationMs },
  guards: {
    hasNoToasts: ({ context }) => context.toasts.length === 0,
  },
  actions: {
    show: enqueueActions(({ context, enqueue }, message: ToastMessage) => {
      const key = toastKey(message);
      const existing = context.toasts.find((t) => t.key === key);
      const id = existing?.id ?? `toast-${context.nextId}`;
      if (existing) {
        enqueue.cancel(timerId(id));
        enqueue.assign({ toasts: context.toasts.map((t) => (t.id === id ? { ...t, count: t.count + 1 } : t)) });
      } else {
        const toasts = [...context.toasts, { id, key, message, count: 1 }];
        const dropped = toasts.slice(0, Math.max(0, toasts.length - TOASTS.maxVisible));
        for (const t of dropped) enqueue.cancel(timerId(t.id));
        enqueue.assign({ toasts: toasts.slice(dropped.length), nextId: context.nextId + 1 });
      }
      enqueue.raise({ type: 'toast.expired', id }, { delay: 'toastDuration', id: timerId(id) });
    }),
    remove: enqueueActions(({ context, enqueue }, id: string | undefined) => {
      if (!id) return;
      enqueue.cancel(timerId(id));
      enqueue.assign({ toasts: context.toasts.filter((t) => t.id !== id) });
    }),
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], nextId: 1 },
  invoke: { id: 'toastSources', src: 'toastSources' },
  on: { 'toast.show': { target: '.visible', actions: { type: 'show', params: ({ event }) => event.message } } },
  initial: 'empty',
  states: {
    empty: {},
    visible: {
      always: { guard: 'hasNoToasts', target: 'empty' },
      on: {
        'toast.dismiss': { actions: { type: 'remove', params: ({ event }) => event.id } },
        'toast.expired': { actions: { type: 'remove', params: ({ event }) => event.id } },
        'toast.dismissLatest': { actions: { type: 'remove', params: ({ context }) => context.toasts.at(-1)?.id } },
      },
    },
  },
});
