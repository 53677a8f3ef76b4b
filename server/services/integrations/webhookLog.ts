import { deliveryBody } from './signing.ts';
import { randomUUID } from 'node:crypto';
import type { components } from '../../../shared/contract/schema.d.ts';
import { TASKS } from '../../../shared/jobs.ts';
import { WEBHOOK_LOG_VIEW, WEBHOOK_TEST_EVENT, type WebhookDeliveryStatus } from '../../../shared/webhooks.ts';
import { notFound } from '../../http/errors.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import type { Scope } from '../scope.ts';
import { requeueDelivery } from './outbox.ts';
import { getWebhookEndpoint, requireEnabledEndpoint } from './webhookEndpoints.ts';

/**
 * An endpoint's delivery log (newest first, each delivery with its attempts), deliveries per day for the chart, and
 * the person's ways to deliver again: one delivery, every failed one since a time, or a test event.
 */

export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveryDay = components['schemas']['WebhookDeliveryDay'];

export interface DeliveryFilter {
  page: number;
  perPage: number;
  status?: WebhookDeliveryStatus | undefined;
  eventType?: string | undefined;
}

// One row per delivery with its attempts as a JSON array, first attempt first.
const SELECT = `select d.id::int, e.event_uid, e.type, d.status, d.attempts, to_json(d.next_attempt_at) #>> '{}' as
    next_attempt_at, d.last_status, d.last_error, to_json(d.created_at) #>> '{}' as created_at,
    to_json(d.updated_at) #>> '{}' as updated_at, e.payload, e.created_at as event_created_at,
    coalesce((select json_agg(json_build_object('attempt', a.attempt, 'requestHeaders', a.request_headers,
        'requestBody', a.request_body, 'responseStatus', a.response_status, 'responseBody', a.response_body,
        'durationMs', a.duration_ms, 'error', a.error, 'createdAt', a.created_at) order by a.attempt, a.id)
       from webhook_attempts a where a.company_id = d.company_id and a.delivery_id = d.id), '[]') as log
  from webhook_deliveries d join webhook_events e on e.company_id = d.company_id and e.id = d.event_id`;

interface DeliveryRow {
  id: number;
  event_uid: string;
  type: string;
  status: WebhookDeliveryStatus;
  attempts: number;
  next_attempt_at: string | null;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  updated_at: string;
  log: WebhookDelivery['attempts'];
  payload: unknown;
  event_created_at: Date;
}

function present(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.event_uid,
    eventType: row.type,
    status: row.status,
    attemptCount: row.attempts,
    nextAttemptAt: row.status === 'pending' ? row.next_attempt_at : null,
    lastStatus: row.last_status,
    lastError: row.last_error,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    attempts: row.log.map((a) => ({
      ...a,
      // Attempts logged before bodies were rebuilt carry their copy; the rest get the body every attempt sent.
      requestBody: a.requestBody || deliveryBody(row.type, row.event_created_at, row.payload),
      createdAt: new Date(a.createdAt).toISOString(),
    })),
  };
}

/** A page of the endpoint's deliveries, newest first, filtered by status and event type; 404 for another's. */
export async function listWebhookDeliveries(
  scope: Scope,
  endpointId: number,
  filter: DeliveryFilter,
): Promise<{ rows: WebhookDelivery[]; total: number }> {
  await getWebhookEndpoint(scope, endpointId);
  const values: unknown[] = [scope.companyId, endpointId];
  const where = ['d.company_id = $1', 'd.endpoint_id = $2'];
  if (filter.status) where.push(`d.status = $${values.push(filter.status)}`);
  if (filter.eventType) where.push(`e.type = $${values.push(filter.eventType)}`);
  const condition = where.join(' and ');
  const [{ rows }, count] = await Promise.all([
    scope.db.query<DeliveryRow>(
      `${SELECT} where ${condition} order by d.created_at desc, d.id desc
        limit $${values.length + 1} offset $${values.length + 2}`,
      [...values, filter.perPage, (filter.page - 1) * filter.perPage],
    ),
    scope.db.query<{ total: number }>(
      `select count(*)::int as total from webhook_deliveries d
         join webhook_events e on e.company_id = d.company_id and e.id = d.event_id where ${condition}`,
      values,
    ),
  ]);
  return { rows: rows.map(present), total: count.rows[0]!.total };
}

async function deliveryOf(scope: Scope, endpointId: number, deliveryId: number): Promise<WebhookDelivery> {
  const { rows } = await scope.db.query<DeliveryRow>(
    `${SELECT} where d.company_id = $1 and d.endpoint_id = $2 and d.id = $3`,
    [scope.companyId, endpointId, deliveryId],
  );
  if (!rows[0]) throw notFound();
  return present(rows[0]);
}

/** Deliveries per UTC day by outcome over the chart's days, oldest first, with empty days as zeros. */
export async function listWebhookDeliveryDays(scope: Scope, endpointId: number): Promise<WebhookDeliveryDay[]> {
  await getWebhookEndpoint(scope, endpointId);
  const { rows } = await scope.db.query<WebhookDeliveryDay>(
    `select to_char(day, 'YYYY-MM-DD') as day,
            count(d.id) filter (where d.status = 'succeeded')::int as succeeded,
            count(d.id) filter (where d.status = 'failed')::int as failed,
            count(d.id) filter (where d.status = 'pending')::int as pending
       from generate_series((now() at time zone 'utc')::date - ($3::int - 1), (now() at time zone 'utc')::date,
                            interval '1 day') as day
       left join webhook_deliveries d on d.company_id = $1 and d.endpoint_id = $2
        and d.created_at >= day at time zone 'utc' and d.created_at < (day + interval '1 day') at time zone 'utc'
      group by day order by day`,
    [scope.companyId, endpointId, WEBHOOK_LOG_VIEW.chartDays],
  );
  return rows;
}

/** Delivers one delivery again now (whatever its state); 409 while the endpoint is disabled. */
export async function retryWebhookDelivery(
  scope: Scope,
  endpointId: number,
  deliveryId: number,
): Promise<WebhookDelivery> {
  await requireEnabledEndpoint(scope, endpointId);
  await deliveryOf(scope, endpointId, deliveryId);
  await requeueDelivery(scope.db, scope.companyId, deliveryId);
  return deliveryOf(scope, endpointId, deliveryId);
}

/**
 * Every failed delivery of the endpoint created at or after `since` goes back to pending, in one transaction with
 * its job (as `requeueDelivery` does one delivery). Answers how many.
 */
export async function replayWebhookDeliveries(scope: Scope, endpointId: number, since: string): Promise<number> {
  return scope.db.transaction(async (db) => {
    await requireEnabledEndpoint(scope, endpointId, db);
    const { rows } = await db.query<{ id: number }>(
      `update webhook_deliveries set status = 'pending', next_attempt_at = now(), updated_at = now()
        where company_id = $1 and endpoint_id = $2 and status = 'failed' and created_at >= $3
        returning id::int`,
      [scope.companyId, endpointId, since],
    );
    for (const { id } of rows) await enqueue(db, TASKS.deliverWebhook, { companyId: scope.companyId, deliveryId: id });
    return rows.length;
  });
}

/**
 * A `webhook.test` event delivered to this endpoint only (not through the outbox's fan-out to every subscribed
 * endpoint), queued like any delivery, so it is signed, logged and retried the same way.
 */
export async function sendWebhookTest(scope: Scope, endpointId: number): Promise<WebhookDelivery> {
  const deliveryId = await scope.db.transaction(async (db) => {
    await requireEnabledEndpoint(scope, endpointId, db);
    const { rows } = await db.query<{ id: number }>(
      `with event as (
         insert into webhook_events (company_id, event_uid, type, payload) values ($1, $2, $3, $4) returning id
       )
       insert into webhook_deliveries (company_id, event_id, endpoint_id, next_attempt_at)
       select $1, event.id, $5, now() from event returning id::int`,
      [
        scope.companyId,
        `evt_${randomUUID().replaceAll('-', '')}`,
        WEBHOOK_TEST_EVENT,
        JSON.stringify({ test: true, endpointId }),
        endpointId,
      ],
    );
    const id = rows[0]!.id;
    await enqueue(db, TASKS.deliverWebhook, { companyId: scope.companyId, deliveryId: id });
    return id;
  });
  return deliveryOf(scope, endpointId, deliveryId);
}
