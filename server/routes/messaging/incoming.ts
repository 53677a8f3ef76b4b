import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import { getIncomingMessage, listIncomingMessages } from '../../services/messaging/inbound/inbox.ts';
import { scoped } from '../scope.ts';

type Ops = 'listIncomingMessages' | 'getIncomingMessage';

/** Incoming messages (replies) beside the outgoing message log. */
export function incomingHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async listIncomingMessages(request, reply) {
      const { page = 1, perPage = 50, ...filter } = request.query;
      const { rows, total, nextCursor } = await listIncomingMessages(scoped(ctx, request), filter, page, perPage);
      setPagination(reply, page, perPage, total, nextCursor);
      return rows;
    },
    async getIncomingMessage(request) {
      return getIncomingMessage(scoped(ctx, request), request.params.incomingId);
    },
  };
}
