import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { HttpError, invalid } from '../../http/errors.ts';
import { createAsset, deleteAsset, listAssets, publicAsset } from '../../services/messaging/assets.ts';
import { ASSET_MAX_BYTES, TEMPLATE_TEXTS } from '../../../shared/templates.ts';
import { scoped } from '../scope.ts';

type Ops = 'listAssets' | 'uploadAsset' | 'deleteAsset' | 'getPublicAsset';

const tooLarge = () => new HttpError(413, 'payload_too_large', TEMPLATE_TEXTS.assetTooLarge);

/** The company's image library, and each image at its public, unguessable URL. */
export function assetHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listAssets(request, reply) {
      const { page = 1, perPage = 50 } = request.query;
      const { rows, total } = await listAssets(scoped(ctx, request), page, perPage);
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async uploadAsset(request, reply) {
      const scope = scoped(ctx, request);
      if (!request.isMultipart())
        throw new HttpError(415, 'unsupported_media_type', 'Send the file as multipart/form-data.');
      let data: Buffer;
      let filename: string;
      try {
        // The cap is enforced while the file streams: reading stops at ASSET_MAX_BYTES and answers 413.
        const part = await request.file({ limits: { fileSize: ASSET_MAX_BYTES } });
        if (!part || part.fieldname !== 'file') {
          part?.file.resume();
          throw invalid({ file: [TEMPLATE_TEXTS.assetMissing] });
        }
        data = await part.toBuffer();
        // A file name is a label the browser sends: control characters (NUL, which PostgreSQL refuses) become '_'.
        filename = part.filename.replace(/[\u0000-\u001f\u007f]/g, '_');
      } catch (error) {
        if (error instanceof HttpError) throw error;
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        throw invalid({ file: [TEMPLATE_TEXTS.assetMissing] });
      }
      return reply.status(201).send(await createAsset(scope, filename, data));
    },
    async deleteAsset(request, reply) {
      await deleteAsset(scoped(ctx, request), request.params.assetId);
      return reply.status(204).send();
    },
    async getPublicAsset(request, reply) {
      const asset = await publicAsset(ctx, request.params.token);
      // The token never points at other bytes (a new upload gets a new token): caches may keep it for a year.
      return reply
        .header('content-type', asset.contentType)
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(asset.data);
    },
  };
}
