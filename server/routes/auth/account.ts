import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import {
  admitPasswordResetRequest,
  changePassword,
  getUser,
  requestPasswordReset,
  resetPassword,
  updateUser,
} from '../../services/auth/account.ts';

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
      await admitPasswordResetRequest(ctx, request.ip);
      // The mail is prepared after the answer, so a known address answers exactly as fast as an unknown one.
      const { email } = request.body;
      reply.status(202).send();
      requestPasswordReset(ctx, email, request.ip).catch((error: unknown) =>
        request.log.error({ err: error }, 'password reset mail failed'),
      );
      return reply;
    },
    async resetPassword(request, reply) {
      await resetPassword(ctx, request.body, request.ip);
      return reply.status(204).send();
    },
  };
}
