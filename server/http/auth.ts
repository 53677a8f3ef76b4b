import type { FastifyRequest } from 'fastify';
import type { RealtimeAuthError } from '../../shared/realtime-events.ts';
import type { AppContext, AuthContext } from '../context.ts';
import { sessionRole } from '../services/auth/sessions.ts';
import { verifyAccessToken } from '../services/auth/tokens.ts';
import { unauthorized } from './errors.ts';

/** A refused bearer's reason is the code the 401 and the realtime `connect_error` carry (shared with the SPA). */
export type BearerCheck = { ok: true; auth: AuthContext } | { ok: false; reason: RealtimeAuthError };

/** Verifies a bearer token and that its session is still open; shared by HTTP and realtime. */
export async function checkBearer(ctx: AppContext, token: string | undefined): Promise<BearerCheck> {
  if (!token) return { ok: false, reason: 'token_missing' };
  const verified = await verifyAccessToken(ctx.config.secret, token);
  if (!verified.ok) return verified;
  const role = await sessionRole(ctx, verified.claims.sessionId, verified.claims.userId);
  if (!role) return { ok: false, reason: 'session_revoked' };
  // The member's role now, not the one in the token: a demotion applies before the token expires.
  return { ok: true, auth: role === verified.claims.role ? verified.claims : { ...verified.claims, role } };
}

export function bearerFrom(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  return match?.[1];
}

/** The caller's identity on an operation the contract secures; the security handler has set it. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
