import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { HttpError } from '../../http/errors.ts';
import {
  errorReport,
  fileTooLarge,
  getImport,
  listImports,
  receiveUpload,
  startImport,
  uploadFailed,
} from '../../services/contacts/imports/imports.ts';
import { deleteImport } from '../../services/contacts/imports/files.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listContactImports'
  | 'getContactImportLimits'
  | 'uploadContactImport'
  | 'getContactImport'
  | 'deleteContactImport'
  | 'startContactImport'
  | 'downloadContactImportErrors';

export function importHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listContactImports(request, reply) {
      const { page = 1, perPage = 50 } = request.query;
      const { rows, total } = await listImports(scoped(ctx, request), page, perPage);
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async getContactImportLimits() {
      return { maxFileBytes: ctx.config.uploadMaxBytes };
    },
    async uploadContactImport(request, reply) {
      const scope = scoped(ctx, request);
      if (!request.isMultipart())
        throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
      let part: Awaited<ReturnType<typeof request.file>>;
      try {
        part = await request.file();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw fileTooLarge();
        throw uploadFailed('The upload could not be read');
      }
      if (!part || part.fieldname !== 'file') {
        part?.file.resume();
        throw uploadFailed('Choose a file to import');
      }
      // A file name is a label the browser sends: control characters (NUL, which PostgreSQL cannot store) become '_'.
      const filename = part.filename.replace(/[\u0000-\u001f\u007f]/g, '_');
      return reply.status(201).send(await receiveUpload(scope, { ...part, filename }));
    },
    async getContactImport(request) {
      return getImport(scoped(ctx, request), request.params.importId);
    },
    async deleteContactImport(request, reply) {
      await deleteImport(scoped(ctx, request), request.params.importId);
      return reply.status(204).send();
    },
    async startContactImport(request, reply) {
      return reply.status(202).send(await startImport(scoped(ctx, request), request.params.importId, request.body));
    },
    async downloadContactImportErrors(request, reply) {
      const report = await errorReport(ctx, request.params.importId, request.query.token);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${report.fileName.replace(/[^\w.-]/g, '_')}"`)
        .header('cache-control', 'no-store')
        .send(report.body);
    },
  };
}
