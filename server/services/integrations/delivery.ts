import type { Dispatcher } from 'undici';
import { request } from 'undici';
import { TASKS } from '../../../shared/jobs.ts';
import { WEBHOOK_LIMITS } from '../../../shared/integrations.ts';
import { can, ROLES } from '../../../shared/permissions.ts';
import type { AppContext } from '../../context.ts';
import { describeError } from '../../http/outgoing.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import { notify } from '../notifications/notifications.ts';
import { forJob, type Scope } from '../scope.ts';
import { deliveryBody, openSecret, signDelivery } from './signing.ts';

/**
 * Webhook delivery. A drain job per endpoint claims its due deliveries in batches, posts each signed body with a
 * bounded number in flight, and records every attempt in the delivery log in one statement per batch. A delivery
 * that fails waits for the next delay of `retryDelaysMs` and is `failed` after the last; an endpoint failing for
 * `disableAfterMs` is disabled and the company's owners and admins are told once. A claim moves the delivery's next
 * attempt a lease ahead, so a worker killed mid-post leaves it due again later (delivered at least once).
 */

/** The delivery rules a worker runs with: WEBHOOK_LIMITS, shorter in the tests of backoff and disabling. */
export interface DeliveryLimits {
  timeoutMs: number;
  retryDelaysMs: readonly number[];
  disableAfterMs: number;
  responseBodyBytes: number;
  /** Deliveries claimed per batch, and posted at once per drain. */
  batchSize: number;
  concurrency: number;
  /** A drain hands its worker slot back after this long and queues itself again. */
  drainBudgetMs: number;
}

export const DEFAULT_DELIVERY_LIMITS: DeliveryLimits = {
  timeoutMs: WEBHOOK_LIMITS.timeoutMs,
  retryDelaysMs: WEBHOOK_LIMITS.retryDelaysMs,
  disableAfterMs: WEBHOOK_LIMITS.disableAfterMs,
  responseBodyBytes: WEBHOOK_LIMITS.responseBodyBytes,
  batchSize: 200,
  concurrency: 16,
  drainBudgetMs: 30_000,
};

const USER_AGENT = 'Missiva-Webhooks/1';

interface Endpoint {
  id: number;
  url: string;
  enabled: boolean;
  secrets: string[];
}

interface Claimed {
  id: number;
  attempts: number;
  event_uid: string;
  type: string;
  payload: unknown;
  created_at: Date;
}

export interface AttemptResult {
  status: number | null;
  body: string | null;
  error: string | null;
  durationMs: number;
  headers: Record<string, string>;
  requestBody: string;
}

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

/**
 * Posts one signed body: no redirect followed (undici's `request` follows none), the whole attempt bounded by the
 * time-out, at most `responseBodyBytes` of the answer read and the rest dropped with the connection.
 */
export async function postWebhook(
  dispatcher: Dispatcher,
  url: string,
  headers: Record<string, string>,
  body: string,
  limits: Pick<DeliveryLimits, 'timeoutMs' | 'responseBodyBytes'>,
): Promise<Omit<AttemptResult, 'headers' | 'requestBody'>> {
  const started = performance.now();
  const signal = AbortSignal.timeout(limits.timeoutMs);
  const elapsed = () => Math.round(performance.now() - started);
  try {
    const response = await request(url, { method: 'POST', dispatcher, headers, body, signal });
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of response.body as AsyncIterable<Buffer>) {
      chunks.push(chunk);
      size += chunk.length;
      if (size >= limits.responseBodyBytes) break; // leaving the loop destroys the rest of the body
    }
    const text = Buffer.concat(chunks).subarray(0, limits.responseBodyBytes).toString('utf8');
    return { status: response.statusCode, body: text, error: statusError(response.statusCode), durationMs: elapsed() };
  } catch (error) {
    return { status: null, body: null, error: describeError(error, limits.timeoutMs), durationMs: elapsed() };
  }
}

/** A non-2xx answer in the log's words; null for success. */
function statusError(status: number): string | null {
  if (status >= 200 && status < 300) return null;
  if (status >= 300 && status < 400) return `Responded with status ${status} (redirects are not followed)`;
  return `Responded with status ${status}`;
}

/** Runs `fn` over `items` with at most `limit` at once. */
async function inParallel<T, R>(items: T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index]!);
    }
  });
  await Promise.all(lanes);
  return results;
}

/** Signs and posts each claimed delivery, then records the outcomes and the endpoint's health in one transaction. */
async function attempt(
  ctx: AppContext,
  scope: Scope,
  endpoint: Endpoint,
  claimed: Claimed[],
  dispatcher: Dispatcher,
  limits: DeliveryLimits,
): Promise<void> {
  const results = await inParallel(claimed, limits.concurrency, async (delivery): Promise<AttemptResult> => {
    const requestBody = deliveryBody(delivery.type, delivery.created_at, delivery.payload);
    const headers = {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      ...signDelivery(endpoint.secrets, delivery.event_uid, new Date(), requestBody),
    };
    const result = await postWebhook(dispatcher, endpoint.url, headers, requestBody, limits);
    return { ...result, headers, requestBody };
  });
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

/**
 * A success clears the endpoint's `failing_since`; a failure sets it when unset; an endpoint failing since longer
 * than `disableAfterMs` is disabled ('failing'). Returns true when this call disabled it (so the admins are told once).
 */
async function recordHealth(
  db: Pick<Scope['db'], 'query'>,
  companyId: string,
  endpointId: number,
  anySuccess: boolean,
  anyFailure: boolean,
  limits: DeliveryLimits,
): Promise<boolean> {
  if (anySuccess) {
    await db.query(
      `update webhook_endpoints set failing_since = null
        where company_id = $1 and id = $2 and failing_since is not null`,
      [companyId, endpointId],
    );
    return false;
  }
  if (!anyFailure) return false;
  // One statement: the failing time is set when unset, and the endpoint disabled when it has failed long enough;
  // `was` is the row before the change, so only the call that disables it reports so.
  const { rows } = await db.query<{ disabled: boolean }>(
    `update webhook_endpoints e
        set failing_since = coalesce(e.failing_since, now()),
            enabled = e.enabled and not coalesce(e.failing_since < now() - $3 * interval '1 millisecond', false),
            disabled_reason = case when e.enabled and e.failing_since < now() - $3 * interval '1 millisecond'
                                   then 'failing' else e.disabled_reason end,
            updated_at = case when e.enabled and e.failing_since < now() - $3 * interval '1 millisecond'
                              then now() else e.updated_at end
       from (select enabled from webhook_endpoints where company_id = $1 and id = $2 for update) was
      where e.company_id = $1 and e.id = $2
     returning was.enabled and not e.enabled as disabled`,
    [companyId, endpointId, limits.disableAfterMs],
  );
  return rows[0]?.disabled === true;
}

/** The roles that manage webhook endpoints: they are told when one is disabled. */
const WEBHOOK_MANAGERS = ROLES.filter((role) => can(role, 'webhooks:manage'));

/** Tells each member who manages webhooks (shared/permissions.ts) that an endpoint was disabled for failing. */
async function notifyDisabled(ctx: AppContext, scope: Scope, endpoint: Endpoint): Promise<void> {
  const { rows } = await scope.db.query<{ id: string }>(
    `select id from users where company_id = $1 and role = any($2::text[])`,
    [scope.companyId, WEBHOOK_MANAGERS],
  );
  for (const user of rows) {
    await notify(ctx, {
      companyId: scope.companyId,
      userId: user.id,
      kind: 'webhook.disabled',
      level: 'error',
      values: { url: endpoint.url },
    });
  }
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
  const started = Date.now();
  for (;;) {
    const endpoint = await loadEndpoint(scope, endpointId);
    if (!endpoint?.enabled) return;
    const claimed = await claimDue(scope, endpointId, limits);
    if (!claimed.length) break;
    await attempt(ctx, scope, endpoint, claimed, dispatcher, limits);
    if (Date.now() - started > limits.drainBudgetMs) break;
  }
  await scheduleNext(scope, endpointId);
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
  const claimed = await claimOne(scope, deliveryId, limits);
  if (!claimed) return;
  const endpoint = await loadEndpoint(scope, claimed.endpoint_id);
  if (!endpoint?.enabled) return;
  await attempt(ctx, scope, endpoint, [claimed], dispatcher, limits);
  await scheduleNext(scope, endpoint.id);
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
