import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as webhooksActors from '../../src/machines/webhooks/webhooks.actors.ts';
import {
  webhookEndpointsMachine,
  type EndpointsEvent,
  type LogActionOutcome,
  type LogEvent,
  type SaveEndpointOutcome,
  type SecretEvent,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../src/machines/webhooks/webhookEndpoints.machine.ts';
import { webhookLogMachine } from '../../src/machines/webhooks/webhookLog.machine.ts';
import { webhookSecretMachine } from '../../src/machines/webhooks/webhookSecret.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const endpoint: WebhookEndpoint = {
  id: 4,
  url: 'https://crm.example/hooks',
  description: 'CRM',
  eventTypes: ['contact.created'],
  enabled: true,
  disabledReason: null,
  failingSince: null,
  previousSecretUntil: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
};
const delivery: WebhookDelivery = {
  id: 9,
  eventId: 'evt_1',
  eventType: 'webhook.test',
  status: 'failed',
  attemptCount: 1,
  nextAttemptAt: null,
  lastStatus: 500,
  lastError: null,
  createdAt: '2026-01-01T10:00:00.000Z',
  updatedAt: '2026-01-01T10:00:00.000Z',
  attempts: [],
};
const secret = { secret: 'whsec_a', previousSecret: null, previousSecretUntil: null };

export const webhookEndpointsEventFixtures = {
  'endpoints.retry': [{ type: 'endpoints.retry' }],
  'endpoint.add': [{ type: 'endpoint.add' }],
  'endpoint.edit': [{ type: 'endpoint.edit', endpointId: 4 }],
  'endpoint.select': [{ type: 'endpoint.select', endpointId: 4 }],
  'endpoint.delete': [{ type: 'endpoint.delete', endpointId: 4 }],
  'endpoint.toggle': [{ type: 'endpoint.toggle', endpointId: 4 }],
  'form.change': [{ type: 'form.change', values: { url: 'https://crm.example/hooks' } }],
  'form.submit': [{ type: 'form.submit' }],
  'form.cancel': [{ type: 'form.cancel' }],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
  'notice.dismiss': [{ type: 'notice.dismiss' }],
} satisfies { [K in EndpointsEvent['type']]: Array<Extract<EndpointsEvent, { type: K }>> };

export const webhookLogEventFixtures = {
  'log.retry': [{ type: 'log.retry' }],
  'log.refresh': [{ type: 'log.refresh' }],
  'log.filter': [{ type: 'log.filter', status: 'failed', eventType: null }],
  'log.page': [{ type: 'log.page', page: 2 }],
  'delivery.toggle': [{ type: 'delivery.toggle', deliveryId: 9 }],
  'delivery.retry': [{ type: 'delivery.retry', deliveryId: 9 }],
  'log.replay': [{ type: 'log.replay', since: '2026-01-01T00:00:00.000Z' }],
  'log.test': [{ type: 'log.test' }],
  'notice.dismiss': [{ type: 'notice.dismiss' }],
} satisfies { [K in LogEvent['type']]: Array<Extract<LogEvent, { type: K }>> };

export const webhookSecretEventFixtures = {
  'secret.reveal': [{ type: 'secret.reveal' }],
  'secret.hide': [{ type: 'secret.hide' }],
  'secret.rotate': [{ type: 'secret.rotate' }],
  'rotate.confirm': [{ type: 'rotate.confirm' }],
  'rotate.cancel': [{ type: 'rotate.cancel' }],
} satisfies { [K in SecretEvent['type']]: Array<Extract<SecretEvent, { type: K }>> };

export const webhooksOutputFixtures = {
  loadEndpoints: { loaded: [endpoint] },
  saveEndpoint: {
    saved: { kind: 'saved', endpoint },
    rejected: { kind: 'rejected', errors: { url: 'urlRequired' } },
  } satisfies { [K in SaveEndpointOutcome['kind']]: Extract<SaveEndpointOutcome, { kind: K }> },
  toggleEndpoint: { toggled: { ...endpoint, enabled: false, disabledReason: 'manual' } },
  deleteEndpoint: { deleted: undefined },
  loadLog: { loaded: { deliveries: [delivery], pages: 2, total: 21, days: [] } },
  runLogAction: {
    done: { kind: 'done', notice: 'replayed', count: 3 },
    disabled: { kind: 'disabled' },
  } satisfies { [K in LogActionOutcome['kind']]: Extract<LogActionOutcome, { kind: K }> },
  revealSecret: { shown: secret },
  rotateSecret: { rotated: { ...secret, secret: 'whsec_b', previousSecret: 'whsec_a' } },
} satisfies {
  [K in keyof typeof webhooksActors]?: Record<string, OutputFrom<(typeof webhooksActors)[K]>>;
};

const o = webhooksOutputFixtures;

export const webhookEndpointsModel: MachineModel<undefined> = {
  name: 'webhookEndpoints',
  machine: webhookEndpointsMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(webhookEndpointsEventFixtures).flat(),
    done('loadEndpoints', o.loadEndpoints.loaded, 'loaded'),
    failed('loadEndpoints'),
    done('saveEndpoint', o.saveEndpoint.saved, 'saved'),
    done('saveEndpoint', o.saveEndpoint.rejected, 'rejected'),
    failed('saveEndpoint'),
    done('toggleEndpoint', o.toggleEndpoint.toggled, 'toggled'),
    failed('toggleEndpoint'),
    done('deleteEndpoint', o.deleteEndpoint.deleted, 'deleted'),
    failed('deleteEndpoint'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, notice: s.context.notice, error: s.context.error }),
};

export const webhookLogModel: MachineModel<{ endpointId: number }> = {
  name: 'webhookLog',
  machine: webhookLogMachine,
  inputs: { endpoint: { endpointId: 4 } },
  events: [
    ...Object.values(webhookLogEventFixtures).flat(),
    done('loadLog', o.loadLog.loaded, 'loaded'),
    failed('loadLog'),
    done('runLogAction', o.runLogAction.done, 'done'),
    done('runLogAction', o.runLogAction.disabled, 'disabled'),
    failed('runLogAction'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, notice: s.context.notice, error: s.context.error }),
};

export const webhookSecretModel: MachineModel<{ endpointId: number }> = {
  name: 'webhookSecret',
  machine: webhookSecretMachine,
  inputs: { endpoint: { endpointId: 4 } },
  events: [
    ...Object.values(webhookSecretEventFixtures).flat(),
    done('revealSecret', o.revealSecret.shown, 'shown'),
    failed('revealSecret'),
    done('rotateSecret', o.rotateSecret.rotated, 'rotated'),
    failed('rotateSecret'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) => JSON.stringify({ value: s.value, error: s.context.error }),
};
