import { assign, setup } from 'xstate';
import type { Channel } from '../../../shared/messaging.ts';
import { createDraft } from './newCampaign.actors.ts';
import type { NewCampaignContext, NewCampaignEvent } from './newCampaign.types.ts';

export type * from './newCampaign.types.ts';

/**
 * The console's "New campaign": `idle` → `creating` (a draft on the channel) → `created`, whose draft id the screen
 * opens in the wizard; a failure returns to `idle` with `failed` set, and the button tries again.
 */
export const newCampaignMachine = setup({
  types: { context: {} as NewCampaignContext, events: {} as NewCampaignEvent },
  actors: { createDraft },
  actions: {
    assignCreated: assign((_, created: number) => ({ created, failed: false })),
    markFailed: assign({ failed: true }),
  },
}).createMachine({
  id: 'newCampaign',
  context: { created: null, failed: false },
  initial: 'idle',
  states: {
    idle: { on: { 'campaign.create': 'creating' } },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createDraft',
        src: 'createDraft',
        input: ({ event }) => ({ channel: (event as NewCampaignEvent).channel as Channel }),
        onDone: { target: 'created', actions: { type: 'assignCreated', params: ({ event }) => event.output.id } },
        onError: { target: 'idle', actions: 'markFailed' },
      },
    },
    created: { type: 'final' },
  },
});
