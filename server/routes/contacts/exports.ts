import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { createExport, exportDownload, getExport, listExports } from '../../services/contacts/exports.ts';
import { auditBy } from '../../services/audit.ts';
import { scoped } from '../scope.ts';

type Ops = 'listContactExports' | 'createContactExport' | 'getContactExport' | 'downloadContactExport';

export function exportHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listContactExports(request, reply) {
      const { page = 1, perPage = 50 } = request.query;
      const { rows, total } = await listExports(scoped(ctx, request), page, perPage);
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async createContactExport(request, reply) {
      const scope = scoped(ctx, request);
      const started = await createExport(scope, request.body);
      await auditBy(scope, request.ip, 'contacts.exported', { exportId: started.id });
      return reply.status(202).send(started);
    },
    async getContactExport(request) {
      return getExport(scoped(ctx, request), request.params.exportId);
    },
    async downloadContactExport(request, reply) {
      const file = await exportDownload(ctx, request.params.exportId, request.query.token);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-length', file.size)
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  };
}
