import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { createList, deleteList, getList, listLists, updateList } from '../../services/contacts/lists.ts';
import { scoped } from '../scope.ts';

type Ops = 'listContactLists' | 'createContactList' | 'getContactList' | 'updateContactList' | 'deleteContactList';

export function listHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listContactLists(request, reply) {
      const { page = 1, perPage = 50, folderId, q } = request.query;
      const { rows, total } = await listLists(scoped(ctx, request), { page, perPage, folderId, q });
      setPagination(reply, page, perPage, total);
      return rows;
    },
    async createContactList(request, reply) {
      return reply.status(201).send(await createList(scoped(ctx, request), request.body));
    },
    async getContactList(request) {
      return getList(scoped(ctx, request), request.params.listId);
    },
    async updateContactList(request) {
      return updateList(scoped(ctx, request), request.params.listId, request.body);
    },
    async deleteContactList(request, reply) {
      await deleteList(scoped(ctx, request), request.params.listId);
      return reply.status(204).send();
    },
  };
}
