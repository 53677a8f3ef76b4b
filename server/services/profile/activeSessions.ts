import type { AppContext, AuthContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { audit } from '../audit.ts';
import { revokeAllSessions, revokeSession } from '../auth/sessions.ts';
import type { components } from '../../../shared/contract/schema.d.ts';
import type { Scope } from '../scope.ts';

type ActiveSession = components['schemas']['ActiveSession'];

/** Browser and system named from a user agent, for people to recognise their own devices; empty when unknown. */
export function deviceOf(userAgent: string | null | undefined): string {
  if (!userAgent) return '';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /OPR\//.test(userAgent)
      ? 'Opera'
      : /Firefox\//.test(userAgent)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(userAgent)
          ? 'Chrome'
          : /Safari\//.test(userAgent)
            ? 'Safari'
            : '';
  const system = /Android/.test(userAgent)
    ? 'Android'
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? 'Windows'
        : /Mac OS X|Macintosh/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : '';
  return [browser, system].filter(Boolean).join(' · ');
}

/** The user's open sessions, most recently seen first; `current` marks the one asking. */
export async function listActiveSessions(scope: Scope, auth: AuthContext): Promise<ActiveSession[]> {
  const { rows } = await scope.db.query<{
    id: string;
    user_agent: string | null;
    ip: string | null;
    created_at: Date;
    last_seen_at: Date | null;
  }>(
    `select id, user_agent, host(ip) as ip, created_at, last_seen_at from sessions
      where company_id = $1 and user_id = $2 and revoked_at is null and expires_at > now()
      order by coalesce(last_seen_at, created_at) desc, id`,
    [auth.companyId, auth.userId],
  );
  return rows.map((r) => ({
    id: r.id,
    device: deviceOf(r.user_agent),
    address: r.ip,
    createdAt: r.created_at.toISOString(),
    lastSeenAt: (r.last_seen_at ?? r.created_at).toISOString(),
    current: r.id === auth.sessionId,
  }));
}

/**
 * Signs out one of the user's own sessions. Another user's or company's session answers 404, as if it did not exist.
 * The revocation is announced on the auth channel, so every node refuses the session's access token at once.
 */
export async function revokeOwnSession(
  ctx: AppContext,
  scope: Scope,
  auth: AuthContext,
  sessionId: string,
  ip: string,
): Promise<void> {
  const { rowCount } = await scope.db.query(
    `select 1 from sessions where id = $1 and company_id = $2 and user_id = $3 and revoked_at is null`,
    [sessionId, auth.companyId, auth.userId],
  );
  if (!rowCount) throw notFound();
  await revokeSession(ctx, sessionId, 'signed_out_by_user');
  await audit(ctx.pool, {
    companyId: auth.companyId,
    userId: auth.userId,
    event: 'session.revoked',
    ip,
    details: { sessionId },
  });
}

/** Signs out every session of the user except the one asking, each ending at once on every node. */
export async function revokeOtherSessions(ctx: AppContext, auth: AuthContext, ip: string): Promise<void> {
  await revokeAllSessions(ctx.pool, auth.userId, 'signed_out_elsewhere', auth.sessionId, ctx.authCache);
  await audit(ctx.pool, {
    companyId: auth.companyId,
    userId: auth.userId,
    event: 'session.revoked',
    ip,
    details: { except: auth.sessionId },
  });
}
