import { randomUUID } from 'node:crypto';
import { TASKS } from '../../../shared/jobs.ts';
import type { WebhookEventType } from '../../../shared/integrations.ts';
import { enqueue } from '../../jobs/enqueue.ts';
import type { Queryable } from '../../db/tenant.ts';

/**
 * The webhook outbox. Call it inside the transaction of the change that caused the event (`scope.db` in a
 * transaction): the event, one delivery per enabled endpoint subscribed to its type, and their jobs commit or roll
 * back with the change, so an event is never lost nor sent for a change that did not happen. Returns the event's id
 * (the `webhook-id` every delivery carries).
 */
export async function emitWebhookEvent(
  db: Queryable,
  companyId: string,
  type: WebhookEventType,
  payload: Record<string, unknown>,
): Promise<string> {
  const uid = `evt_${randomUUID().replaceAll('-', '')}`;
  const { rows } = await db.query<{ id: number }>(
    `with event as (
       insert into webhook_events (company_id, event_uid, type, payload) values ($1, $2, $3, $4) returning id
     )
     insert into webhook_deliveries (company_id, event_id, endpoint_id, next_attempt_at)
     select $1, event.id, e.id, now() from event, webhook_endpoints e
      where e.company_id = $1 and e.enabled and $3 = any (e.event_types)
     returning id::int`,
    [companyId, uid, type, JSON.stringify(payload)],
  );
  for (const row of rows) await enqueue(db, TASKS.deliverWebhook, { companyId, deliveryId: row.id });
  return uid;
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
