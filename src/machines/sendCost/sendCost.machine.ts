import { assign, setup } from 'xstate';
import { estimateCost } from './sendCost.actors.ts';
import type { SendCost, SendCostContext, SendCostEvent, SendCostInput } from './sendCost.types.ts';

export type * from './sendCost.types.ts';

/**
 * The cost line of the wizard's last step (issue 21 §4): what the counted recipients cost in credits against the
 * channel's balance. `waiting` until the wizard has counted; `estimating` → `ready` (enough or short: the wizard keeps
 * Send disabled when short) or `failed` (retry). A new count estimates again; with billing off `ready` says so.
 */
export const sendCostMachine = setup({
  types: {
    context: {} as SendCostContext,
    events: {} as SendCostEvent,
    input: {} as SendCostInput,
  },
  actors: { estimateCost },
  guards: {
    hasRecipients: ({ context }) => context.recipients !== null,
    isShort: ({ context }) => context.estimate !== null && !context.estimate.enough,
  },
  actions: {
    assignRecipients: assign((_, recipients: number | null) => ({ recipients, estimate: null })),
    assignEstimate: assign((_, estimate: SendCost) => ({ estimate })),
  },
}).createMachine({
  id: 'sendCost',
  context: ({ input }) => ({ channel: input.channel, recipients: input.recipients, estimate: null }),
  initial: 'starting',
  on: {
    'recipients.set': {
      target: '.starting',
      actions: { type: 'assignRecipients', params: ({ event }) => event.recipients },
    },
  },
  states: {
    starting: {
      always: [{ guard: 'hasRecipients', target: 'estimating' }, { target: 'waiting' }],
    },
    waiting: {},
    estimating: {
      tags: ['busy'],
      invoke: {
        id: 'estimateCost',
        src: 'estimateCost',
        input: ({ context }) => ({ channel: context.channel, recipients: context.recipients ?? 0 }),
        onDone: { target: 'ready', actions: { type: 'assignEstimate', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    ready: {
      always: { guard: 'isShort', target: 'short' },
    },
    short: { tags: ['short'] },
    failed: { tags: ['error'], on: { 'estimate.retry': 'starting' } },
  },
});
