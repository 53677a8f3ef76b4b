import { fromCallback, fromPromise } from 'xstate';
import { appEvents } from '../../app/appEvents.ts';
import { isChannel, MESSAGE_STATUSES, MESSAGE_TYPES, type Channel } from '../../../shared/messaging.ts';
import { LOG_DELIVERY_STATES, REPORT_FILTERS, REPORT_PAGE_SIZE as PER_PAGE } from '../../../shared/reports.ts';
import { api } from '../../api/appClient.ts';
import { readPagination, unwrap } from '../../api/client.ts';
import type { ListQuery, PageInput, PageOutput, PagedListEvent, PagePosition } from './pagedList.types.ts';

// The rows are the contract's CampaignRow, MessageLogEntry and ReportRecipient; the list machine holds any rows.

/** A query value when it is one of `allowed`, else nothing (an empty select means no filter). */
function oneOf<T extends string>(allowed: readonly T[], value: string | undefined): T | undefined {
  return (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined;
}
const text = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const day = (value: string | undefined) => (value && DAY.test(value) ? value : undefined);
const where = (position: PagePosition) => (position.cursor ? { cursor: position.cursor } : { page: position.page });

/** The console's campaigns (query: channel, q, status, type, from, to). */
export const readCampaigns = fromPromise<PageOutput<unknown>, PageInput>(async ({ input: { query, position } }) => {
  const result = await api.GET('/campaigns', {
    params: {
      query: {
        page: position.page,
        perPage: PER_PAGE,
        channel: isChannel(query.channel) ? query.channel : undefined,
        q: text(query.q),
        status: oneOf(MESSAGE_STATUSES, query.status),
        type: oneOf(MESSAGE_TYPES, query.type),
        from: day(query.from),
        to: day(query.to),
      },
    },
  });
  return { rows: unwrap(result), pagination: readPagination(result.response) };
});

/** The message log (query: q, state), continuing after a cursor for the next page. */
export const readMessageLog = fromPromise<PageOutput<unknown>, PageInput>(async ({ input: { query, position } }) => {
  const result = await api.GET('/message-log', {
    params: {
      query: {
        perPage: PER_PAGE,
        ...where(position),
        q: text(query.q),
        state: oneOf(LOG_DELIVERY_STATES, query.state),
      },
    },
  });
  return { rows: unwrap(result), pagination: readPagination(result.response) };
});

/** A report's recipients (query: filter, q). */
export function readReportRecipients(channel: Channel, messageId: number) {
  return fromPromise<PageOutput<unknown>, PageInput>(async ({ input: { query, position } }) => {
    const result = await api.GET('/channels/{channel}/reports/{messageId}/recipients', {
      params: {
        path: { channel, messageId },
        query: { perPage: PER_PAGE, ...where(position), filter: oneOf(REPORT_FILTERS, query.filter), q: text(query.q) },
      },
    });
    return { rows: unwrap(result), pagination: readPagination(result.response) };
  });
}

export type { ListQuery };

/** Realtime `message.updated` (a campaign sending) re-reads the list in place. */
export const watchCampaigns = fromCallback<PagedListEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type === 'message.updated') sendBack({ type: 'list.refresh' });
  }),
);
