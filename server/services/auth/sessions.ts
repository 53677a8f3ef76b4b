import type { AppContext, AuthContext } from '../../context.ts';
import { isRole, type Role } from '../../../shared/permissions.ts';
import type { Pool, PoolClient } from '../../db/pool.ts';
import { withTransaction } from '../../db/pool.ts';
import { unauthorized } from '../../http/errors.ts';
import { audit } from '../audit.ts';
import { announceAuthChange, type AuthCache } from './authCache.ts';
import { decrypt, encrypt, randomToken, tokenHash } from '../security/crypto.ts';
import { signAccessToken } from './tokens.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Spec section 9: 30 days with remember, otherwise 1 day. */
export const sessionLifetimeMs = (remember: boolean) => (remember ? 30 : 1) * DAY_MS;
/**
 * Two tabs of one browser refresh with the same token at the same moment; the one that comes second within this
 * window receives the pair the first one got, instead of being taken for a thief.
 */
export const REFRESH_GRACE_MS = 30_000;

export interface IssuedSession {
  token: string;
  expiresAt: string;
  refreshToken: string;
  refreshExpiresAt: string;
}

export interface SessionUser {
  id: string;
  company_id: string;
  role: AuthContext['role'];
}

async function issue(
  ctx: AppContext,
  db: PoolClient,
  claims: AuthContext,
  sessionExpiresAt: Date,
): Promise<IssuedSession> {
  const refreshToken = randomToken();
  await db.query('insert into refresh_tokens (company_id, session_id, token_hash) values ($1, $2, $3)', [
    claims.companyId,
    claims.sessionId,
    tokenHash(refreshToken),
  ]);
  const ttl = Math.min(ctx.config.accessTokenTtlSeconds, Math.floor((sessionExpiresAt.getTime() - Date.now()) / 1000));
  const access = await signAccessToken(ctx.config.secret, Math.max(ttl, 1), claims);
  return {
    token: access.token,
    expiresAt: access.expiresAt.toISOString(),
    refreshToken,
    refreshExpiresAt: sessionExpiresAt.toISOString(),
  };
}

/** Opens a session (one rotation family) for a user who has passed every login check. */
export async function openSession(
  ctx: AppContext,
  user: SessionUser,
  remember: boolean,
  meta: { ip: string; userAgent: string | undefined },
): Promise<IssuedSession> {
  return withTransaction(ctx.pool, async (db) => {
    const expiresAt = new Date(Date.now() + sessionLifetimeMs(remember));
    const { rows } = await db.query<{ id: string }>(
      `insert into sessions (company_id, user_id, remember, user_agent, ip, expires_at) values ($1, $2, $3, $4, $5, $6) returning id`,
      [user.company_id, user.id, remember, meta.userAgent?.slice(0, 300) ?? null, meta.ip, expiresAt],
    );
    const sessionId = rows[0]!.id;
    await audit(db, {
      companyId: user.company_id,
      userId: user.id,
      event: 'login.succeeded',
      ip: meta.ip,
      details: { sessionId, remember },
    });
    return issue(ctx, db, { userId: user.id, companyId: user.company_id, sessionId, role: user.role }, expiresAt);
  });
}

/**
 * Rotates a refresh token. A token rotated less than REFRESH_GRACE_MS ago whose successor is still unused answers that
 * same successor pair (two tabs racing); any other reuse is evidence of theft, and its whole family is revoked.
 */
export async function rotateRefreshToken(ctx: AppContext, refreshToken: string, ip: string): Promise<IssuedSession> {
  const outcome = await withTransaction(ctx.pool, async (db) => {
    const { rows } = await db.query<{
      id: number;
      used_at: Date | null;
      session_id: string;
      company_id: string;
      user_id: string;
      role: AuthContext['role'];
      expires_at: Date;
      revoked_at: Date | null;
      successor_sealed: string | null;
      in_grace: boolean;
    }>(
      `select rt.id, rt.used_at, rt.session_id, s.company_id, s.user_id, u.role, s.expires_at, s.revoked_at,
              rt.successor_sealed, rt.used_at > now() - $2::interval as in_grace
         from refresh_tokens rt join sessions s on s.id = rt.session_id join users u on u.id = s.user_id
        where rt.token_hash = $1 for update of rt, s`,
      [tokenHash(refreshToken), `${REFRESH_GRACE_MS} milliseconds`],
    );
    const row = rows[0];
    if (!row || row.revoked_at || row.expires_at.getTime() <= Date.now()) return { kind: 'invalid' as const };
    if (row.used_at && row.in_grace && row.successor_sealed) {
      const successor = JSON.parse(decrypt(ctx.config.secret, row.successor_sealed)) as IssuedSession;
      const next = await db.query('select 1 from refresh_tokens where token_hash = $1 and used_at is null', [
        tokenHash(successor.refreshToken),
      ]);
      if (next.rowCount === 1) return { kind: 'ok' as const, session: successor };
    }
    if (row.used_at) {
      await revoke(db, row.session_id, 'refresh_token_reused', ctx.authCache);
      await audit(db, {
        companyId: row.company_id,
        userId: row.user_id,
        event: 'session.reuse_detected',
        ip,
        details: { sessionId: row.session_id },
      });
      return { kind: 'reused' as const };
    }
    const claims = { userId: row.user_id, companyId: row.company_id, sessionId: row.session_id, role: row.role };
    const session = await issue(ctx, db, claims, row.expires_at);
    // "Last seen" for the active sessions list: written at most once a minute, on refresh rather than per request.
    await db.query(
      `update sessions set last_seen_at = now()
        where id = $1 and (last_seen_at is null or last_seen_at < now() - interval '1 minute')`,
      [row.session_id],
    );
    // Earlier tokens of the family no longer need their successor once this one moves on.
    await db.query(
      'update refresh_tokens set successor_sealed = null where session_id = $1 and successor_sealed is not null',
      [row.session_id],
    );
    await db.query('update refresh_tokens set used_at = now(), successor_sealed = $2 where id = $1', [
      row.id,
      encrypt(ctx.config.secret, JSON.stringify(session)),
    ]);
    return { kind: 'ok' as const, session };
  });
  if (outcome.kind !== 'ok') throw unauthorized('refresh_token_invalid');
  return outcome.session;
}

async function revoke(db: Pool | PoolClient, sessionId: string, reason: string, cache?: AuthCache): Promise<void> {
  await db.query(`update sessions set revoked_at = now(), revoked_reason = $2 where id = $1 and revoked_at is null`, [
    sessionId,
    reason,
  ]);
  await announceAuthChange(db, { sessionId }, cache);
}

export async function revokeSession(ctx: AppContext, sessionId: string, reason: string): Promise<void> {
  await revoke(ctx.pool, sessionId, reason, ctx.authCache);
}

/** Ends every session of a user, optionally keeping the caller's own. */
export async function revokeAllSessions(
  db: Pool | PoolClient,
  userId: string,
  reason: string,
  keep?: string,
  cache?: AuthCache,
): Promise<void> {
  const { rows } = await db.query<{ id: string }>(
    `update sessions set revoked_at = now(), revoked_reason = $2
      where user_id = $1 and revoked_at is null and ($3::uuid is null or id <> $3) returning id`,
    [userId, reason, keep ?? null],
  );
  for (const row of rows) await announceAuthChange(db, { sessionId: row.id }, cache);
}

/**
 * The current role of an open session's member, or null when the session is closed: from the auth cache when this
 * process has one, else one prepared query. The permission check uses this role, not the one the access token was
 * signed with, so a role change applies from the next request once it is announced (announceAuthChange with the user).
 */
export async function sessionRole(ctx: AppContext, sessionId: string, userId: string): Promise<Role | null> {
  const check = async () => {
    const { rows } = await ctx.pool.query<{ expires_at: Date; role: string }>({
      name: 'session-role',
      text: `select s.expires_at, u.role from sessions s join users u on u.id = s.user_id
              where s.id = $1 and s.user_id = $2 and s.revoked_at is null and s.expires_at > now()`,
      values: [sessionId, userId],
    });
    const row = rows[0];
    return row && isRole(row.role) ? { expiresAt: row.expires_at, value: row.role } : null;
  };
  if (ctx.authCache) return ctx.authCache.sessionActive(sessionId, userId, check);
  return (await check())?.value ?? null;
}

/** Whether a session is open (see sessionRole). */
export async function isSessionActive(ctx: AppContext, sessionId: string, userId: string): Promise<boolean> {
  return (await sessionRole(ctx, sessionId, userId)) !== null;
}
