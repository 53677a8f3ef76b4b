import type { Dispatcher } from 'undici';
import { TASKS } from '../../../shared/jobs.ts';
import { WEBHOOK_LIMITS } from '../../../shared/integrations.ts';
import type { AppContext } from '../../context.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { forJob, type Scope } from '../scope.ts';
import {
  DEFAULT_DELIVERY_LIMITS,
  type AttemptResult,
  type Claimed,
  type DeliveryLimits,
  type Endpoint,
} from './deliveryTypes.ts';
import { notifyDisabled, recordHealth } from './health.ts';
import { postSigned } from './post.ts';
import { openSecret } from './signing.ts';

/**
 * Webhook delivery. A drain job per endpoint claims its due deliveries in batches, posts each signed body with a
 * bounded number in flight, and records every attempt in the delivery log in one statement per batch. A delivery
 * that fails waits for the next delay of `retryDelaysMs` and is `failed` after the last; an endpoint failing for
 * `disableAfterMs` is disabled and the company's owners and admins are told once. A claim moves the delivery's next
 * attempt a lease ahead; one drain at a time holds an endpoint (`withEndpointLock`), and a drain that takes it makes
 * due again every claim a killed worker left unrecorded, so each delivery goes out at least once and the ones cut
 * off by a crash go out again as soon as a worker runs, not a lease later.
 */

/** The endpoint with its secrets still valid (the previous one until its 24 hours end), or null when gone. */
async function loadEndpoint(scope: Scope, endpointId: number): Promise<Endpoint | null> {
  const { rows } = await scope.db.query<{
    id: number;
    url: string;
    enabled: boolean;
    secret_sealed: string;
    previous_secret_sealed: string | null;
    previous_valid: boolean;
  }>(
    `select id::int, url, enabled, secret_sealed, previous_secret_sealed,
            coalesce(previous_secret_until > now(), false) as previous_valid
       from webhook_endpoints where company_id = $1 and id = $2`,
    [scope.companyId, endpointId],
  );
  const row = rows[0];
  if (!row) return null;
  const secrets = [openSecret(scope.config.secret, row.secret_sealed)];
  if (row.previous_secret_sealed && row.previous_valid) {
    secrets.push(openSecret(scope.config.secret, row.previous_secret_sealed));
  }
  return { id: row.id, url: row.url, enabled: row.enabled, secrets };
}

const CLAIM_COLUMNS = `returning d.id::int, d.attempts, e.event_uid, e.type, e.payload, e.created_at`;

/** Claims up to `limit` due deliveries of an endpoint: their next attempt moves a lease ahead while they are posted. */
async function claimDue(scope: Scope, endpointId: number, limits: DeliveryLimits): Promise<Claimed[]> {
  const { rows } = await scope.db.query<Claimed>(
    `update webhook_deliveries d
        set attempts = d.attempts + 1, next_attempt_at = now() + $4 * interval '1 millisecond', updated_at = now()
       from (select id from webhook_deliveries
              where company_id = $1 and endpoint_id = $2 and status = 'pending' and next_attempt_at <= now()
              order by next_attempt_at limit $3 for update skip locked) due, webhook_events e
      where d.company_id = $1 and d.id = due.id and e.company_id = $1 and e.id = d.event_id
      ${CLAIM_COLUMNS}`,
    [scope.companyId, endpointId, limits.batchSize, leaseMs(limits)],
  );
  return rows;
}

/** One pending delivery by id (a manual retry), claimed the same way. */
async function claimOne(scope: Scope, deliveryId: number, limits: DeliveryLimits) {
  const { rows } = await scope.db.query<Claimed & { endpoint_id: number }>(
    `update webhook_deliveries d
        set attempts = d.attempts + 1, next_attempt_at = now() + $3 * interval '1 millisecond', updated_at = now()
       from webhook_events e
      where d.company_id = $1 and d.id = $2 and d.status = 'pending' and e.company_id = $1 and e.id = d.event_id
      ${CLAIM_COLUMNS}, d.endpoint_id::int`,
    [scope.companyId, deliveryId, leaseMs(limits)],
  );
  return rows[0];
}

/** How long a claimed delivery is held: its time-out and a margin for recording the result. */
const leaseMs = (limits: DeliveryLimits) => limits.timeoutMs + 60_000;

/** Signs and posts each claimed delivery, then records the outcomes and the endpoint's health in one transaction. */
async function attempt(
  ctx: AppContext,
  scope: Scope,
  endpoint: Endpoint,
  claimed: Claimed[],
  dispatcher: Dispatcher,
  limits: DeliveryLimits,
): Promise<void> {
  const results = await postSigned(endpoint, claimed, dispatcher, limits);
  await record(ctx, scope, endpoint, claimed, results, limits);
}

/** Records a batch's outcomes (log rows, next attempts) and the endpoint's health in one transaction. */
async function record(
  ctx: AppContext,
  scope: Scope,
  endpoint: Endpoint,
  claimed: Claimed[],
  results: AttemptResult[],
  limits: DeliveryLimits,
): Promise<void> {
  const now = Date.now();
  const rows = claimed.map((delivery, i) => {
    const result = results[i]!;
    const ok = result.error === null;
    // attempts counts this one: after the n-th failed attempt the next waits retryDelaysMs[n - 1].
    const delay = limits.retryDelaysMs[delivery.attempts - 1];
    return {
      ...result,
      id: delivery.id,
      attempt: delivery.attempts,
      state: ok ? 'succeeded' : delay === undefined ? 'failed' : 'pending',
      next: ok || delay === undefined ? null : new Date(now + delay).toISOString(),
    };
  });
  const anySuccess = rows.some((r) => r.error === null);
  const anyFailure = rows.some((r) => r.error !== null);
  const disabled = await scope.db.transaction(async (db) => {
    await db.query(
      `with r as (
         select * from unnest($2::bigint[], $3::int[], $4::text[], $5::timestamptz[], $6::int[], $7::text[],
                              $8::text[], $9::int[], $10::jsonb[])
           as r (id, attempt, status, next, response_status, response_body, error, duration_ms, headers)
       ), updated as (
         update webhook_deliveries d set status = r.status, next_attempt_at = r.next, last_status = r.response_status,
                last_error = r.error, updated_at = now()
           from r where d.company_id = $1 and d.id = r.id
       )
       -- The request's body is not copied: the log rebuilds it from the event row, byte for byte (deliveryBody).
       insert into webhook_attempts (company_id, delivery_id, attempt, request_headers, response_status,
                                     response_body, error, duration_ms)
       select $1, r.id, r.attempt, r.headers, r.response_status, r.response_body, r.error, r.duration_ms
         from r`,
      [
        scope.companyId,
        rows.map((r) => r.id),
        rows.map((r) => r.attempt),
        rows.map((r) => r.state),
        rows.map((r) => r.next),
        rows.map((r) => r.status),
        rows.map((r) => r.body),
        rows.map((r) => r.error),
        rows.map((r) => r.durationMs),
        rows.map((r) => JSON.stringify(r.headers)),
      ],
    );
    return recordHealth(db, scope.companyId, endpoint.id, anySuccess, anyFailure, limits);
  });
  if (disabled) await notifyDisabled(ctx, scope, endpoint);
}

/** Queues the endpoint's next drain at its earliest pending delivery, unless one is queued sooner. */
async function scheduleNext(scope: Scope, endpointId: number): Promise<void> {
  await scope.db.transaction(async (db) => {
    const { rows } = await db.query<{ next: Date | null }>(
      `select min(d.next_attempt_at) as next from webhook_deliveries d
         join webhook_endpoints e on e.company_id = d.company_id and e.id = d.endpoint_id and e.enabled
        where d.company_id = $1 and d.endpoint_id = $2 and d.status = 'pending'`,
      [scope.companyId, endpointId],
    );
    const next = rows[0]?.next;
    if (!next) return;
    const runAt = new Date(Math.max(next.getTime(), Date.now()));
    await enqueue(db, TASKS.drainWebhookEndpoint, { companyId: scope.companyId, endpointId }, runAt, {
      keepRunAt: true,
    });
  });
}

/**
 * Delivers an endpoint's due deliveries, batch after batch, until none is due or the drain's budget is spent; then
 * queues the next drain at the earliest retry. A disabled or deleted endpoint's deliveries stay where they are.
 */
export async function drainEndpoint(
  ctx: AppContext,
  companyId: string,
  endpointId: number,
  dispatcher: Dispatcher,
  limits: DeliveryLimits = DEFAULT_DELIVERY_LIMITS,
): Promise<void> {
  const scope = forJob(ctx, companyId);
  const held = await withEndpointLock(ctx, scope, endpointId, async () => {
    await releaseOrphans(scope, endpointId);
    const started = Date.now();
    // A pipeline of three stages, so the posts never wait on the database: the next batch is claimed while this
    // one is posted, and a posted batch is recorded while the next one is posted (one recording at a time, in order).
    const claimNext = async () => {
      const endpoint = await loadEndpoint(scope, endpointId);
      if (!endpoint?.enabled) return undefined;
      return { endpoint, claimed: await claimDue(scope, endpointId, limits) };
    };
    let next = claimNext();
    let recording: Promise<void> = Promise.resolve();
    try {
      for (;;) {
        const batch = await next;
        if (!batch?.claimed.length) return batch !== undefined;
        const more = Date.now() - started <= limits.drainBudgetMs;
        next = more ? claimNext() : Promise.resolve({ endpoint: batch.endpoint, claimed: [] });
        // Settled here so a failed claim is not an unhandled rejection while the posts run; awaited again above.
        next.catch(() => undefined);
        const results = await postSigned(batch.endpoint, batch.claimed, dispatcher, limits);
        await recording;
        recording = record(ctx, scope, batch.endpoint, batch.claimed, results, limits);
        recording.catch(() => undefined);
      }
    } finally {
      // Every posted batch is recorded before the lock is let go; a failure of it fails the drain (and is retried).
      await recording;
    }
  });
  // Held elsewhere: that drain runs; this one looks again shortly, in case it was ending as this one started.
  if (held === BUSY) await queueDrainSoon(scope, endpointId);
  else if (held) await scheduleNext(scope, endpointId);
}

/** What `withEndpointLock` returns when another drain holds the endpoint. */
const BUSY = Symbol('busy');

/** How long a drain that found its endpoint held waits before it looks again. */
const BUSY_RETRY_MS = 1_000;

/**
 * Runs `fn` holding the endpoint's drain lock: a session-level advisory lock on a connection of its own, so at most one
 * drain or manual retry posts an endpoint's deliveries at a time in the whole cluster, and PostgreSQL releases it when
 * the holder's process dies. Returns BUSY without running `fn` when another holds it.
 */
async function withEndpointLock<T>(
  ctx: AppContext,
  scope: Scope,
  endpointId: number,
  fn: () => Promise<T>,
): Promise<T | typeof BUSY> {
  const client = await ctx.pool.connect();
  const key = [`webhook_drain`, `${scope.companyId}:${endpointId}`];
  let healthy = true;
  try {
    const { rows } = await client.query<{ locked: boolean }>(
      'select pg_try_advisory_lock(hashtext($1), hashtext($2)) as locked',
      key,
    );
    if (!rows[0]?.locked) return BUSY;
    try {
      return await fn();
    } finally {
      await client.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', key).catch(() => {
        healthy = false; // a connection that may still hold the lock is closed, not handed back
      });
    }
  } catch (error) {
    healthy = false;
    throw error;
  } finally {
    client.release(!healthy);
  }
}

/**
 * With the endpoint's lock held no other drain is posting its deliveries, so a claimed delivery whose attempt was
 * never recorded was cut off by a worker that died (or a drain that failed): it is due now, not when its lease ends.
 */
async function releaseOrphans(scope: Scope, endpointId: number): Promise<void> {
  await scope.db.query(
    `update webhook_deliveries d set next_attempt_at = now(), updated_at = now()
      where d.company_id = $1 and d.endpoint_id = $2 and d.status = 'pending' and d.attempts > 0
        and d.next_attempt_at > now()
        and not exists (select 1 from webhook_attempts a
                         where a.company_id = $1 and a.delivery_id = d.id and a.attempt = d.attempts)`,
    [scope.companyId, endpointId],
  );
}

/** Queues the endpoint's drain a moment from now (its lock was held by another). */
async function queueDrainSoon(scope: Scope, endpointId: number): Promise<void> {
  await enqueue(
    scope.db,
    TASKS.drainWebhookEndpoint,
    { companyId: scope.companyId, endpointId },
    new Date(Date.now() + BUSY_RETRY_MS),
    { keepRunAt: true },
  );
}

/** Delivers one delivery now (a manual retry); a failure waits for its next delay like any other. */
export async function deliverOne(
  ctx: AppContext,
  companyId: string,
  deliveryId: number,
  dispatcher: Dispatcher,
  limits: DeliveryLimits = DEFAULT_DELIVERY_LIMITS,
): Promise<void> {
  const scope = forJob(ctx, companyId);
  const { rows } = await scope.db.query<{ endpoint_id: number }>(
    'select endpoint_id::int from webhook_deliveries where company_id = $1 and id = $2',
    [companyId, deliveryId],
  );
  const endpointId = rows[0]?.endpoint_id;
  if (endpointId === undefined) return;
  const held = await withEndpointLock(ctx, scope, endpointId, async () => {
    const claimed = await claimOne(scope, deliveryId, limits);
    if (!claimed) return;
    const endpoint = await loadEndpoint(scope, claimed.endpoint_id);
    if (!endpoint?.enabled) return;
    await attempt(ctx, scope, endpoint, [claimed], dispatcher, limits);
  });
  // A drain holds the endpoint: the delivery is pending and due, so that drain (or the next) delivers it.
  if (held === BUSY) await queueDrainSoon(scope, endpointId);
  else await scheduleNext(scope, endpointId);
}

/** Deletes the delivery log's attempts, finished deliveries and their events older than `days` (every company). */
export async function cleanWebhookLog(ctx: AppContext, days: number = WEBHOOK_LIMITS.logDays): Promise<number> {
  const cutoff = `now() - ${Number(days)} * interval '1 day'`;
  let removed = 0;
  // In slices, so a large backlog never holds long locks.
  const statements = [
    `delete from webhook_attempts where id in (select id from webhook_attempts
      where created_at < ${cutoff} limit 10000)`,
    `delete from webhook_deliveries where id in (select id from webhook_deliveries
      where status <> 'pending' and updated_at < ${cutoff} limit 10000)`,
    `delete from webhook_events ev where (ev.company_id, ev.id) in (select e.company_id, e.id from webhook_events e
      where e.created_at < ${cutoff} and not exists (select 1 from webhook_deliveries d
        where d.company_id = e.company_id and d.event_id = e.id) limit 10000)`,
  ];
  for (const sql of statements) {
    for (;;) {
      const { rowCount } = await ctx.pool.query(sql);
      removed += rowCount ?? 0;
      if (!rowCount || rowCount < 10000) break;
    }
  }
  return removed;
}
