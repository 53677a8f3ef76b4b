import { randomUUID } from 'node:crypto';
import { TASKS } from '../../../shared/jobs.ts';
import type { WebhookEventType } from '../../../shared/integrations.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import type { Queryable } from '../../db/tenant.ts';

/** A new event's id: the `webhook-id` every delivery of it carries, for the receiver's deduplication. */
const newEventUid = () => `evt_${randomUUID().replaceAll('-', '')}`;

/**
 * The webhook outbox. Call it inside the transaction of the change that caused the event (the transaction's
 * client): the event, one delivery per enabled endpoint subscribed to its type, and the drain job of each such
 * endpoint commit or roll back with the change, so an event is never lost nor sent for a change that did not happen.
 * A company without a subscribed endpoint pays one indexed look and writes nothing. Returns the event's id (the
 * `webhook-id` every delivery carries).
 */
export async function emitWebhookEvent(
  db: Queryable,
  companyId: string,
  type: WebhookEventType,
  payload: Record<string, unknown>,
): Promise<string> {
  const [uid] = await emitWebhookEvents(db, companyId, type, [payload]);
  return uid!;
}

/**
 * Many events of one type in one statement (a campaign batch's sent messages, a burst of tracked opens): the same
 * guarantee as `emitWebhookEvent`, one round trip for the rows and one queued job per subscribed endpoint.
 */
export async function emitWebhookEvents(
  db: Queryable,
  companyId: string,
  type: WebhookEventType,
  payloads: Record<string, unknown>[],
): Promise<string[]> {
  const uids = payloads.map(newEventUid);
  if (!payloads.length) return uids;
  const { rows } = await db.query<{ endpoint_id: number }>(
    `with endpoints as (
       select id from webhook_endpoints where company_id = $1 and enabled and $3 = any (event_types)
     ), events as (
       insert into webhook_events (company_id, event_uid, type, payload)
       select $1, e.uid, $3, e.payload from unnest($2::text[], $4::jsonb[]) as e (uid, payload)
        where exists (select 1 from endpoints)
       returning id
     ), deliveries as (
       insert into webhook_deliveries (company_id, event_id, endpoint_id, next_attempt_at)
       select $1, events.id, endpoints.id, now() from events, endpoints
       returning endpoint_id
     )
     select distinct endpoint_id::int from deliveries order by 1`,
    [companyId, uids, type, payloads.map((p) => JSON.stringify(p))],
  );
  // In endpoint order, so two transactions queueing drains for the same endpoints never wait on each other crosswise.
  for (const row of rows) await queueDrain(db, companyId, row.endpoint_id);
  return uids;
}

/**
 * Whether an enabled endpoint of the company subscribes to the type: hot paths (a campaign's batches) ask once, and
 * pay for the outbox's transaction only when someone listens.
 */
export async function isSubscribed(db: Queryable, companyId: string, type: WebhookEventType): Promise<boolean> {
  const { rowCount } = await db.query(
    'select 1 from webhook_endpoints where company_id = $1 and enabled and $2 = any (event_types) limit 1',
    [companyId, type],
  );
  return rowCount! > 0;
}

/** Queues an endpoint's drain for now (replacing a later one queued under its key). */
export async function queueDrain(db: Queryable, companyId: string, endpointId: number): Promise<void> {
  await enqueue(db, TASKS.drainWebhookEndpoint, { companyId, endpointId });
}

/** Queues one delivery again now (a manual retry or a replay): its state goes back to pending. */
export async function requeueDelivery(db: Queryable, companyId: string, deliveryId: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `update webhook_deliveries set status = 'pending', next_attempt_at = now(), updated_at = now()
      where company_id = $1 and id = $2`,
    [companyId, deliveryId],
  );
  if (!rowCount) return false;
  await enqueue(db, TASKS.deliverWebhook, { companyId, deliveryId });
  return true;
}
