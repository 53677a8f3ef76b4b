import { fromCallback, fromPromise } from 'xstate';
import { appEvents } from '../../app/appEvents.ts';
import { isChannel } from '../../../shared/messaging.ts';
import { REPORT_PAGE_SIZE as PER_PAGE } from '../../../shared/reports.ts';
import { api } from '../../api/appClient.ts';
import { readPagination, unwrap } from '../../api/client.ts';
import type { PageInput, PageOutput, PagedListEvent } from '../pagedList/pagedList.types.ts';
import type { IncomingMessage } from './incomingMessage.types.ts';

/** A page of incoming messages for the pagedList machine (query: q, channel), continuing after a cursor. */
export const readIncomingPage = fromPromise<PageOutput<unknown>, PageInput>(async ({ input: { query, position } }) => {
  const q = query.q?.trim();
  const result = await api.GET('/incoming-messages', {
    params: {
      query: {
        perPage: PER_PAGE,
        ...(position.cursor ? { cursor: position.cursor } : { page: position.page }),
        q: q || undefined,
        channel: isChannel(query.channel) ? query.channel : undefined,
      },
    },
  });
  return { rows: unwrap(result), pagination: readPagination(result.response) };
});

/** One incoming message with its text. */
export const readIncomingMessage = fromPromise<IncomingMessage, { id: number }>(async ({ input }) =>
  unwrap(await api.GET('/incoming-messages/{incomingId}', { params: { path: { incomingId: input.id } } })),
);

/**
 * A reply from a known contact announces its timeline (realtime `contact.timeline`): the open list re-reads in place.
 * Replies from unknown addresses show on the next read.
 */
export const watchIncoming = fromCallback<PagedListEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type === 'contact.timelineChanged') sendBack({ type: 'list.refresh' });
  }),
);
