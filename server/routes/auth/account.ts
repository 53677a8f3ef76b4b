import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { changePassword, getUser, requestPasswordReset, resetPassword, updateUser } from '../../services/auth/account.ts';

type Ops = 'getCurrentUser' | 'updateCurrentUser' | 'changePassword' | 'requestPasswordReset' | 'resetPassword';

export function accountHandlers(ctx: AppContext): HandlerGroup<Ops> {
  return {
    async getCurrentUser(request) {
      return getUser(ctx, requireAuth(request));
    },
    async updateCurrentUser(request) {
      return updateUser(ctx, requireAuth(request), request.body);
    },
    async changePassword(request, reply) {
      await changePassword(ctx, requireAuth(request), request.body, request.ip);
      return reply.status(204).send();
    },
    async requestPasswordReset(request, reply) {
      await requestPasswordReset(ctx, request.body.email, request.ip);
      return reply.status(202).send();
    },
    async resetPassword(request, reply) {
      await resetPassword(ctx, request.body, request.ip);
      return reply.status(204).send();
    },
  };
}
