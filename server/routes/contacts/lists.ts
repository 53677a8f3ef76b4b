import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { createList, deleteList, getList, listLists, updateList } from '../../services/contacts/lists.ts';
import { actorOf } from './actor.ts';

type Ops = 'listContactLists' | 'createContactList' | 'getContactList' | 'updateContactList' | 'deleteContactList';

export function listHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listContactLists(request, reply) {
      const { page = 1, perPage = 50, folderId, q } = request.query;
      const { rows, total } = await listLists(ctx, actorOf(request), { page, perPage, folderId, q });
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async createContactList(request, reply) {
      return reply.status(201).send(await createList(ctx, actorOf(request), request.body));
    },
    async getContactList(request) {
      return getList(ctx.pool, actorOf(request), request.params.listId);
    },
    async updateContactList(request) {
      return updateList(ctx, actorOf(request), request.params.listId, request.body);
    },
    async deleteContactList(request, reply) {
      await deleteList(ctx, actorOf(request), request.params.listId);
      return reply.status(204).send();
    },
  };
}
