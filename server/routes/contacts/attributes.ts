import type { AppContext } from '../../context.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import {
  createAttribute,
  deleteAttribute,
  listAttributes,
  updateAttribute,
} from '../../services/contacts/attributes.ts';
import { scoped } from '../scope.ts';

type Ops = 'listContactAttributes' | 'createContactAttribute' | 'updateContactAttribute' | 'deleteContactAttribute';

export function attributeHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listContactAttributes(request) {
      return listAttributes(scoped(ctx, request));
    },
    async createContactAttribute(request, reply) {
      return reply.status(201).send(await createAttribute(scoped(ctx, request), request.body));
    },
    async updateContactAttribute(request) {
      return updateAttribute(scoped(ctx, request), request.params.attributeId, request.body);
    },
    async deleteContactAttribute(request, reply) {
      await deleteAttribute(scoped(ctx, request), request.params.attributeId);
      return reply.status(204).send();
    },
  };
}
