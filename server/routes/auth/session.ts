import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { requireAuth } from '../../http/auth.ts';
import type { HandlerGroup } from '../../http/contract.ts';
import {
  clearedRefreshCookie,
  cookieDomain,
  hostnameOf,
  readRefreshCookie,
  refreshCookie,
} from '../../http/cookies.ts';
import { unauthorized } from '../../http/errors.ts';
import { login } from '../../services/auth/account.ts';
import { revokeSession, rotateRefreshToken, type IssuedSession } from '../../services/auth/sessions.ts';

const refreshRefused = () => unauthorized('refresh_token_invalid');

export function sessionHandlers(ctx: AppContext): HandlerGroup<'loginUser' | 'refreshSession' | 'logoutUser'> {
  const domainOf = (request: FastifyRequest) => cookieDomain(hostnameOf(request.hostname));
  /** Token answers are never stored by caches; the refresh token travels only in its HttpOnly cookie. */
  const answer = (request: FastifyRequest, reply: FastifyReply, session: IssuedSession) => {
    const domain = domainOf(request);
    reply.header(
      'set-cookie',
      refreshCookie(ctx.config, domain, session.refreshToken, new Date(session.refreshExpiresAt)),
    );
    return {
      token: session.token,
      expiresAt: session.expiresAt,
      refreshExpiresAt: session.refreshExpiresAt,
      cookieDomain: domain,
    };
  };
  return {
    async loginUser(request, reply) {
      reply.header('cache-control', 'no-store');
      const outcome = await login(ctx, request.body, { ip: request.ip, userAgent: request.headers['user-agent'] });
      if (outcome.twoFactorRequired) {
        return { twoFactorRequired: true, token: null, expiresAt: null, refreshExpiresAt: null, cookieDomain: null };
      }
      return { twoFactorRequired: false, ...answer(request, reply, outcome) };
    },
    async refreshSession(request, reply) {
      reply.header('cache-control', 'no-store');
      const token = readRefreshCookie(request.headers.cookie);
      try {
        if (!token) throw refreshRefused();
        return answer(request, reply, await rotateRefreshToken(ctx, token, request.ip));
      } catch (error) {
        // A refused refresh token is of no further use: the browser forgets it.
        reply.header('set-cookie', clearedRefreshCookie(ctx.config, domainOf(request)));
        throw error;
      }
    },
    async logoutUser(request, reply) {
      reply.header('cache-control', 'no-store');
      reply.header('set-cookie', clearedRefreshCookie(ctx.config, domainOf(request)));
      const auth = requireAuth(request);
      await revokeSession(ctx, auth.sessionId, 'logout');
      ctx.realtime.toUser(auth.userId, 'session.revoked', { reason: 'logout' });
      return reply.status(204).send();
    },
  };
}
