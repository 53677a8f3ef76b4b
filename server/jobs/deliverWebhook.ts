import type { Task } from 'graphile-worker';
import type { Dispatcher } from 'undici';
import type { TASKS } from '../../shared/jobs.ts';
import type { AppContext } from '../context.ts';
import type { TaskPayloads } from './enqueue.ts';
import { cleanWebhookLog, deliverOne, drainEndpoint } from '../services/integrations/delivery.ts';
import { DEFAULT_DELIVERY_LIMITS, type DeliveryLimits } from '../services/integrations/deliveryTypes.ts';

/**
 * Webhook delivery jobs (issue 20). `drain_webhook_endpoint` delivers an endpoint's due deliveries in batches (events
 * queue it); `deliver_webhook` delivers one delivery now (a manual retry or a replay). Both post through the outgoing
 * request guard's dispatcher, sign by Standard Webhooks and schedule retries on `retryDelaysMs` themselves, so
 * graphile-worker's own retries only cover a failure of the database.
 */
export function deliverWebhookTask(
  ctx: AppContext,
  dispatcher: Dispatcher,
  limits: DeliveryLimits = DEFAULT_DELIVERY_LIMITS,
): Task {
  return async (payload) => {
    const { companyId, deliveryId } = payload as TaskPayloads[typeof TASKS.deliverWebhook];
    await deliverOne(ctx, companyId, Number(deliveryId), dispatcher, limits);
  };
}

export function drainWebhookEndpointTask(
  ctx: AppContext,
  dispatcher: Dispatcher,
  limits: DeliveryLimits = DEFAULT_DELIVERY_LIMITS,
): Task {
  return async (payload) => {
    const { companyId, endpointId } = payload as TaskPayloads[typeof TASKS.drainWebhookEndpoint];
    await drainEndpoint(ctx, companyId, Number(endpointId), dispatcher, limits);
  };
}

/** Daily: the delivery log keeps WEBHOOK_LIMITS.logDays. */
export function cleanWebhookLogTask(ctx: AppContext): Task {
  return async () => {
    const removed = await cleanWebhookLog(ctx);
    if (removed) ctx.log.info({ removed }, 'old webhook deliveries removed');
  };
}
