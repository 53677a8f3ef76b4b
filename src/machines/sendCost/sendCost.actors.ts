import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import type { SendCost } from './sendCost.types.ts';
import type { Channel } from '../../../shared/messaging.ts';

/** The cost of a send and the balance it is taken from (`GET /billing/channels/{channel}/estimate`). */
export const estimateCost = fromPromise<SendCost, { channel: Channel; recipients: number }>(async ({ input, signal }) =>
  unwrap(
    await api.GET('/billing/channels/{channel}/estimate', {
      params: { path: { channel: input.channel }, query: { recipients: input.recipients } },
      signal,
    }),
  ),
);
