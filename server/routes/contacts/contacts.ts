import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { applyBulkAction } from '../../services/contacts/bulk.ts';
import {
  anonymiseContact,
  createContact,
  deleteContact,
  findContact,
  setBlocked,
  updateContact,
} from '../../services/contacts/contacts.ts';
import { listContacts } from '../../services/contacts/query.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listContacts'
  | 'createContact'
  | 'getContact'
  | 'updateContact'
  | 'deleteContact'
  | 'blockContact'
  | 'unblockContact'
  | 'anonymiseContact'
  | 'applyContactBulkAction';

export function contactHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listContacts(request, reply) {
      const { page = 1, perPage = 50, ...filter } = request.query;
      const { json, total, nextCursor } = await listContacts(scoped(ctx, request), { page, perPage, ...filter });
      if (total !== undefined) setPagination(reply, page, perPage, total, nextCursor);
      // The page arrives as JSON text built by PostgreSQL in the contract's shape; it is sent as it is.
      return reply.type('application/json; charset=utf-8').send(json);
    },
    async createContact(request, reply) {
      const contact = await createContact(scoped(ctx, request), request.body);
      return reply.status(201).send(contact);
    },
    async getContact(request) {
      return findContact(scoped(ctx, request), request.params.contactId);
    },
    async updateContact(request) {
      return updateContact(scoped(ctx, request), request.params.contactId, request.body);
    },
    async deleteContact(request, reply) {
      await deleteContact(scoped(ctx, request), request.params.contactId);
      return reply.status(204).send();
    },
    async blockContact(request) {
      return setBlocked(scoped(ctx, request), request.params.contactId, true);
    },
    async unblockContact(request) {
      return setBlocked(scoped(ctx, request), request.params.contactId, false);
    },
    async anonymiseContact(request) {
      return anonymiseContact(scoped(ctx, request), request.params.contactId);
    },
    async applyContactBulkAction(request) {
      const { action, selection, listId } = request.body;
      return { affected: await applyBulkAction(scoped(ctx, request), action, selection, listId) };
    },
  };
}
