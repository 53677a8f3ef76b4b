import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { listCampaigns, listMessageLog } from '../../services/messaging/reports/console.ts';
import {
  exportRecipients,
  messageReport,
  reportLinks,
  reportRecipients,
  reportTimeline,
  resendToNonOpeners,
} from '../../services/messaging/reports/report.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listCampaigns'
  | 'listMessageLog'
  | 'getMessageReport'
  | 'listReportLinks'
  | 'getReportTimeline'
  | 'listReportRecipients'
  | 'exportReportRecipients'
  | 'resendToNonOpeners';

/** The message console, the message log and campaign reports. */
export function reportHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listCampaigns(request, reply) {
      const { page = 1, perPage = 50, ...filter } = request.query;
      const { rows, total } = await listCampaigns(scoped(ctx, request), filter, page, perPage);
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async listMessageLog(request, reply) {
      const { page = 1, perPage = 50, ...filter } = request.query;
      const { rows, total, nextCursor } = await listMessageLog(scoped(ctx, request), filter, page, perPage);
      setPagination(reply, page, perPage, total, nextCursor);
      return rows;
    },
    async getMessageReport(request) {
      return messageReport(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
    async listReportLinks(request) {
      return reportLinks(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
    async getReportTimeline(request) {
      return reportTimeline(scoped(ctx, request), request.params.channel, request.params.messageId);
    },
    async listReportRecipients(request, reply) {
      const { page = 1, perPage = 50, ...query } = request.query;
      const { channel, messageId } = request.params;
      const result = await reportRecipients(scoped(ctx, request), channel, messageId, query, page, perPage);
      setPagination(reply, page, perPage, result.total, result.nextCursor);
      return result.rows;
    },
    async exportReportRecipients(request, reply) {
      const { channel, messageId } = request.params;
      const file = await exportRecipients(scoped(ctx, request), channel, messageId, request.query);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
    async resendToNonOpeners(request, reply) {
      const { channel, messageId } = request.params;
      return reply.status(201).send(await resendToNonOpeners(scoped(ctx, request), channel, messageId));
    },
  };
}
