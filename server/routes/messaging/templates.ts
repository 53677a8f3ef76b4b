import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  getTemplate,
  listMergeTags,
  listTemplates,
  updateTemplate,
} from '../../services/messaging/templates.ts';
import { previewMessage, previewTemplate } from '../../services/messaging/previews.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listTemplates'
  | 'createTemplate'
  | 'getTemplate'
  | 'updateTemplate'
  | 'deleteTemplate'
  | 'duplicateTemplate'
  | 'previewTemplate'
  | 'previewMessage'
  | 'listMergeTags';

/** Templates per channel, their previews (and a message's), and the merge tags the editor's picker offers. */
export function templateHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listTemplates(request, reply) {
      const { page = 1, perPage = 50, q } = request.query;
      const { rows, total } = await listTemplates(scoped(ctx, request), request.params.channel, { page, perPage, q });
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async createTemplate(request, reply) {
      return reply.status(201).send(await createTemplate(scoped(ctx, request), request.params.channel, request.body));
    },
    async getTemplate(request) {
      return getTemplate(scoped(ctx, request), request.params.channel, request.params.templateId);
    },
    async updateTemplate(request) {
      const { channel, templateId } = request.params;
      return updateTemplate(scoped(ctx, request), channel, templateId, request.body);
    },
    async deleteTemplate(request, reply) {
      await deleteTemplate(scoped(ctx, request), request.params.channel, request.params.templateId);
      return reply.status(204).send();
    },
    async duplicateTemplate(request, reply) {
      const { channel, templateId } = request.params;
      return reply.status(201).send(await duplicateTemplate(scoped(ctx, request), channel, templateId));
    },
    async previewTemplate(request) {
      const { channel, templateId } = request.params;
      return previewTemplate(scoped(ctx, request), channel, templateId, request.query.contactId);
    },
    async previewMessage(request) {
      const { channel, messageId } = request.params;
      return previewMessage(scoped(ctx, request), channel, messageId, request.query.contactId);
    },
    async listMergeTags(request) {
      return listMergeTags(scoped(ctx, request));
    },
  };
}
