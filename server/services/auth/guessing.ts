import type { AppContext } from '../../context.ts';
import type { Pool } from '../../db/pool.ts';
import { TooManyRequests } from '../../http/errors.ts';
import { audit } from '../audit.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { lockoutMail } from './guessingMail.ts';

const MINUTE_MS = 60_000;

/**
 * How many attempts a subject gets within a window before it is locked. Failed guesses of a secret count per account
 * (LOGIN_RATE_LIMIT) and per client address (several times looser, so people behind one address do not lock each
 * other out); reset mails count every request per address and every mail per recipient.
 */
export const GUESS_POLICIES = {
  account: { limit: (ctx: AppContext) => ctx.config.loginRateLimit, windowMs: 15 * MINUTE_MS, lockMs: 15 * MINUTE_MS },
  address: {
    limit: (ctx: AppContext) => ctx.config.loginRateLimit * 5,
    windowMs: 15 * MINUTE_MS,
    lockMs: 15 * MINUTE_MS,
  },
  resetRequest: {
    limit: (ctx: AppContext) => ctx.config.loginRateLimit,
    windowMs: 60 * MINUTE_MS,
    lockMs: 60 * MINUTE_MS,
  },
  resetMail: { limit: () => 3, windowMs: 60 * MINUTE_MS, lockMs: 60 * MINUTE_MS },
} as const;
export type GuessScope = keyof typeof GUESS_POLICIES;

interface Counter {
  scope: GuessScope;
  subject: string;
}

type Taken = { ok: true } | { ok: false; retryAfterSeconds: number; lockedNow: boolean };

/**
 * Takes one attempt from a counter before the secret is checked, so parallel guesses cannot slip past the limit. The
 * attempt past the limit starts the lock; while locked nothing is counted and every attempt is refused.
 */
export async function takeAttempt(ctx: AppContext, counter: Counter): Promise<Taken> {
  const policy = GUESS_POLICIES[counter.scope];
  const window = `${policy.windowMs} milliseconds`;
  const { rows } = await ctx.pool.query<{ failures: number; retry_after: number | null; created: boolean }>(
    `insert into guess_counters as g (scope, subject, failures, window_started_at) values ($1, $2, 1, now())
     on conflict (scope, subject) do update set
       failures = case when g.locked_until > now() then g.failures
                       when g.window_started_at <= now() - $3::interval then 1 else g.failures + 1 end,
       window_started_at = case when g.locked_until > now() then g.window_started_at
                                when g.window_started_at <= now() - $3::interval then now() else g.window_started_at end
     returning failures, xmax = 0 as created,
       case when locked_until > now() then ceil(extract(epoch from locked_until - now()))::int end as retry_after`,
    [counter.scope, counter.subject, window],
  );
  const row = rows[0]!;
  if (row.created) await forgetIdleCounters(ctx.pool);
  if (row.retry_after !== null) return { ok: false, retryAfterSeconds: Math.max(row.retry_after, 1), lockedNow: false };
  if (row.failures <= policy.limit(ctx)) return { ok: true };
  const locked = await ctx.pool.query<{ retry_after: number }>(
    `update guess_counters set locked_until = now() + $3::interval, failures = 0, window_started_at = now()
      where scope = $1 and subject = $2 and (locked_until is null or locked_until <= now())
      returning ceil(extract(epoch from locked_until - now()))::int as retry_after`,
    [counter.scope, counter.subject, `${policy.lockMs} milliseconds`],
  );
  const retryAfterSeconds = locked.rows[0]?.retry_after ?? Math.ceil(policy.lockMs / 1000);
  return { ok: false, retryAfterSeconds, lockedNow: locked.rowCount === 1 };
}

/** Each new counter clears a few that ended a day ago or more, so the table holds only recent subjects. */
async function forgetIdleCounters(pool: Pool): Promise<void> {
  await pool.query(
    `delete from guess_counters where ctid in (
       select ctid from guess_counters
        where window_started_at < now() - interval '1 day' and (locked_until is null or locked_until < now())
        limit 100)`,
  );
}

/** Gives back an attempt that turned out not to be a wrong guess (a success, or a refusal for another reason). */
export async function returnAttempt(pool: Pool, counter: Counter): Promise<void> {
  await pool.query(
    `update guess_counters set failures = greatest(failures - 1, 0)
      where scope = $1 and subject = $2 and (locked_until is null or locked_until <= now())`,
    [counter.scope, counter.subject],
  );
}

const wrongSecrets = new WeakSet<Error>();
/** Marks the error a service throws for a wrong password, code or token: only those stay counted. */
export function wrongSecret<E extends Error>(error: E): E {
  wrongSecrets.add(error);
  return error;
}

export interface GuessTarget {
  /** The account guessed at: a user id, or `email:<hash of the address>` for a login with an unknown email. */
  account?: { key: string; userId?: string };
  address: string;
}

/**
 * Runs an operation that checks a secret under the per-account and per-address limits: 429 with Retry-After while
 * either is locked; a wrong secret (an error marked by `wrongSecret`) stays counted, anything else is given back.
 * When an account's lock starts, its owner gets an email.
 */
export async function guarded<T>(ctx: AppContext, target: GuessTarget, attempt: () => Promise<T>): Promise<T> {
  const counters: Counter[] = [];
  if (target.account) counters.push({ scope: 'account', subject: target.account.key });
  counters.push({ scope: 'address', subject: target.address });
  for (const [index, counter] of counters.entries()) {
    const taken = await takeAttempt(ctx, counter);
    if (taken.ok) continue;
    for (const earlier of counters.slice(0, index)) await returnAttempt(ctx.pool, earlier);
    if (taken.lockedNow && counter.scope === 'account' && target.account?.userId) {
      await tellOwner(ctx, target.account.userId, target.address, taken.retryAfterSeconds);
    }
    throw new TooManyRequests(taken.retryAfterSeconds);
  }
  try {
    const result = await attempt();
    for (const counter of counters) await returnAttempt(ctx.pool, counter);
    return result;
  } catch (error) {
    if (!(error instanceof Error && wrongSecrets.has(error))) {
      for (const counter of counters) await returnAttempt(ctx.pool, counter);
    }
    throw error;
  }
}

/** Mails the owner of a locked account (through the outbox) and records the lock in the audit log. */
async function tellOwner(ctx: AppContext, userId: string, ip: string, seconds: number): Promise<void> {
  const { rows } = await ctx.pool.query<{ company_id: string; email: string; first_name: string; language: string }>(
    'select company_id, email::text as email, first_name, language from users where id = $1',
    [userId],
  );
  const user = rows[0];
  if (!user) return;
  const mail = lockoutMail({
    productName: ctx.config.productName,
    firstName: user.first_name,
    language: user.language,
    minutes: Math.ceil(seconds / 60),
  });
  await enqueueMail(
    ctx.pool,
    { companyId: user.company_id, to: user.email, kind: 'account_locked', ...mail },
    Boolean(ctx.config.smtpUrl),
  );
  await audit(ctx.pool, {
    companyId: user.company_id,
    userId,
    event: 'account.locked',
    ip,
    details: { minutes: Math.ceil(seconds / 60) },
  });
}
