import type { AppContext } from '../../context.ts';
import { setPagination, type HandlerGroup } from '../../http/contract.ts';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  getWebhookSecret,
  listWebhookEndpoints,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from '../../services/integrations/webhookEndpoints.ts';
import {
  listWebhookDeliveries,
  listWebhookDeliveryDays,
  replayWebhookDeliveries,
  retryWebhookDelivery,
  sendWebhookTest,
} from '../../services/integrations/webhookLog.ts';
import { auditBy } from '../../services/audit.ts';
import { scoped } from '../scope.ts';

type Ops =
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'getWebhookSecret'
  | 'rotateWebhookSecret'
  | 'listWebhookDeliveries'
  | 'listWebhookDeliveryDays'
  | 'retryWebhookDelivery'
  | 'replayWebhookDeliveries'
  | 'sendWebhookTest';

/** Webhook endpoints, their secrets and delivery logs; each operation's x-permission says which roles may call it. */
export function webhookHandlers(ctx: AppContext): HandlerGroup<Ops> {
  const scope = (request: Parameters<typeof scoped>[1]) => scoped(ctx, request);
  return {
    async listWebhookEndpoints(request) {
      return listWebhookEndpoints(scope(request));
    },
    async createWebhookEndpoint(request, reply) {
      const tenant = scope(request);
      const endpoint = await createWebhookEndpoint(tenant, request.body);
      await auditBy(tenant, request.ip, 'webhook.created', { webhookId: endpoint.id, url: endpoint.url });
      return reply.status(201).send(endpoint);
    },
    async getWebhookEndpoint(request) {
      return getWebhookEndpoint(scope(request), request.params.webhookId);
    },
    async updateWebhookEndpoint(request) {
      const tenant = scope(request);
      const endpoint = await updateWebhookEndpoint(tenant, request.params.webhookId, request.body);
      await auditBy(tenant, request.ip, 'webhook.updated', { webhookId: endpoint.id, url: endpoint.url });
      return endpoint;
    },
    async deleteWebhookEndpoint(request, reply) {
      const tenant = scope(request);
      await deleteWebhookEndpoint(tenant, request.params.webhookId);
      await auditBy(tenant, request.ip, 'webhook.deleted', { webhookId: request.params.webhookId });
      return reply.status(204).send();
    },
    async getWebhookSecret(request, reply) {
      const secret = await getWebhookSecret(scope(request), request.params.webhookId);
      return reply.header('cache-control', 'no-store').send(secret);
    },
    async rotateWebhookSecret(request, reply) {
      const tenant = scope(request);
      const secret = await rotateWebhookSecret(tenant, request.params.webhookId);
      await auditBy(tenant, request.ip, 'webhook.secret_rotated', { webhookId: request.params.webhookId });
      return reply.header('cache-control', 'no-store').send(secret);
    },
    async listWebhookDeliveries(request, reply) {
      const page = request.query.page ?? 1;
      const perPage = request.query.perPage ?? 50;
      const { status, eventType } = request.query;
      const result = await listWebhookDeliveries(scope(request), request.params.webhookId, {
        page,
        perPage,
        status,
        eventType,
      });
      setPagination(reply, page, perPage, result.total);
      return result.rows;
    },
    async listWebhookDeliveryDays(request) {
      return listWebhookDeliveryDays(scope(request), request.params.webhookId);
    },
    async retryWebhookDelivery(request, reply) {
      const { webhookId, deliveryId } = request.params;
      return reply.status(202).send(await retryWebhookDelivery(scope(request), webhookId, deliveryId));
    },
    async replayWebhookDeliveries(request, reply) {
      const count = await replayWebhookDeliveries(scope(request), request.params.webhookId, request.body.since);
      return reply.status(202).send({ count });
    },
    async sendWebhookTest(request, reply) {
      return reply.status(202).send(await sendWebhookTest(scope(request), request.params.webhookId));
    },
  };
}
