import { fromPromise } from 'xstate';
import type { Channel } from '../../../shared/messaging.ts';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';

/**
 * A new draft on the channel. The message wizard's create operation takes this place when the wizard lands; until
 * then the console's own `createCampaignDraft` makes the empty draft the wizard opens.
 */
export const createDraft = fromPromise<{ id: number }, { channel: Channel }>(async ({ input }) =>
  unwrap(await api.POST('/channels/{channel}/campaigns', { params: { path: { channel: input.channel } } })),
);
