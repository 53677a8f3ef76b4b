import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import { login } from '../../services/auth/account.ts';
import { revokeSession, rotateRefreshToken } from '../../services/auth/sessions.ts';

export function sessionHandlers(ctx: AppContext): HandlerGroup<'loginUser' | 'refreshSession' | 'logoutUser'> {
  return {
    async loginUser(request) {
      const outcome = await login(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      if (outcome.twoFactorRequired) {
        return { twoFactorRequired: true, token: null, expiresAt: null, refreshToken: null, refreshExpiresAt: null };
      }
      return outcome;
    },
    async refreshSession(request) {
      return rotateRefreshToken(ctx, request.body.refreshToken, request.ip);
    },
    async logoutUser(request, reply) {
      const auth = requireAuth(request);
      await revokeSession(ctx, auth.sessionId, 'logout');
      ctx.realtime.toUser(auth.userId, 'session.revoked', { reason: 'logout' });
      return reply.status(204).send();
    },
  };
}
