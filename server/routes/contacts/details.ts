import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { contactLists, createNote, deleteNote, exportContactData, listNotes } from '../../services/contacts/details.ts';
import { timeline } from '../../services/contacts/timeline.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'exportContactData'
  | 'listContactMemberships'
  | 'listContactTimeline'
  | 'listContactNotes'
  | 'createContactNote'
  | 'deleteContactNote';

export function contactDetailHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async exportContactData(request, reply) {
      const data = await exportContactData(scoped(ctx, request), request.params.contactId);
      reply.header('content-disposition', `attachment; filename="contact-${request.params.contactId}.json"`);
      return data;
    },
    async listContactMemberships(request) {
      return contactLists(scoped(ctx, request), request.params.contactId);
    },
    async listContactTimeline(request, reply) {
      const { page = 1, perPage = 50, cursor } = request.query;
      const result = await timeline(scoped(ctx, request), request.params.contactId, { page, perPage, cursor });
      setPagination(reply, result.page, perPage, result.total, result.nextCursor);
      return result.rows;
    },
    async listContactNotes(request, reply) {
      const { page = 1, perPage = 50, cursor } = request.query;
      const result = await listNotes(scoped(ctx, request), request.params.contactId, { page, perPage, cursor });
      setPagination(reply, result.page, perPage, result.total, result.nextCursor);
      return result.rows;
    },
    async createContactNote(request, reply) {
      const note = await createNote(scoped(ctx, request), request.params.contactId, request.body.text);
      return reply.status(201).send(note);
    },
    async deleteContactNote(request, reply) {
      await deleteNote(scoped(ctx, request), request.params.contactId, request.params.noteId);
      return reply.status(204).send();
    },
  };
}
