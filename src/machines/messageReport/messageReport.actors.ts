import { fromCallback, fromPromise } from 'xstate';
import type { Channel } from '../../../shared/messaging.ts';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import { readSession } from '../../app/sessionStorage.ts';
import type { CampaignRow, ExportRequest, MessageReportEvent, ReportData } from './messageReport.types.ts';

interface Target {
  channel: Channel;
  messageId: number;
}

const pathOf = ({ channel, messageId }: Target) => ({ path: { channel, messageId } });

/** The summary, the clicks per link and the timeline, read together (the tabs switch without waiting). */
export const readReport = fromPromise<ReportData, Target>(async ({ input }) => {
  const params = pathOf(input);
  const [summary, links, timeline] = await Promise.all([
    api.GET('/channels/{channel}/reports/{messageId}', { params }),
    api.GET('/channels/{channel}/reports/{messageId}/links', { params }),
    api.GET('/channels/{channel}/reports/{messageId}/timeline', { params }),
  ]);
  return { summary: unwrap(summary), links: unwrap(links), timeline: unwrap(timeline) };
});

/** "Resend to non-openers": the new draft. */
export const resendToNonOpeners = fromPromise<CampaignRow, Target>(async ({ input }) =>
  unwrap(await api.POST('/channels/{channel}/reports/{messageId}/resend', { params: pathOf(input) })),
);

/**
 * "Retry failed": the sending engine's retry operation (the engine area's `/channels/{channel}/messages/{id}/retry`)
 * is called here once it is in the contract; until then the action reports that it could not be done.
 */
/** The sending engine's retry of the recipients not delivered (they go back to the queue). */
export async function retryFailedRecipients(target: Target): Promise<void> {
  unwrap(await api.POST('/channels/{channel}/messages/{messageId}/retry-failed', { params: pathOf(target) }));
}
export const retryFailed = fromPromise<void, Target>(({ input }) => retryFailedRecipients(input));

/**
 * The recipients of a filter as a CSV file the browser saves. The API wants the bearer token in a header, so the
 * file is fetched (the server streams it) and handed to the browser as a download of the received blob.
 */
export const exportRecipients = fromPromise<void, Target & { request: ExportRequest }>(async ({ input }) => {
  const query = new URLSearchParams({
    filter: input.request.filter,
    ...(input.request.q ? { q: input.request.q } : {}),
  });
  const url = `/api/channels/${input.channel}/reports/${input.messageId}/recipients.csv?${query}`;
  const res = await fetch(url, { headers: { authorization: `Bearer ${readSession()?.token ?? ''}` } });
  if (!res.ok) throw new Error(`export failed with ${res.status}`);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? 'recipients.csv';
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
});

/** Realtime `message.updated` for any campaign, as `message.updated` events (the machine keeps its own). */
export const watchMessages = fromCallback<MessageReportEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type === 'message.updated') sendBack({ type: 'message.updated', messageId: event.message.messageId });
  }),
);
