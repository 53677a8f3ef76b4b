import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from './integrations.ts';
import { WORKFLOW_WEBHOOK_EVENT } from './workflows.ts';

/**
 * The Webhooks screen's and operations' own names and texts, defined once for the server and the SPA: the test
 * event's type, the delivery statuses, the groups of the event checkboxes and the 422 texts beside
 * FIELD_TEXTS.urlRequired.
 */

/**
 * "Send test event" delivers an event of this type to one endpoint only, whatever it subscribes to: a receiver can
 * answer 2xx without acting on made-up data (a fake `message.received` could reach a CRM). It is in the log like
 * every delivery and carries `{ test: true, endpointId }`.
 */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Event types a delivery in the log can carry: the subscribable ones, the test event and a workflow step's call. */
export const WEBHOOK_LOG_EVENT_TYPES = [...WEBHOOK_EVENT_TYPES, WEBHOOK_TEST_EVENT, WORKFLOW_WEBHOOK_EVENT] as const;
export type WebhookLogEventType = (typeof WEBHOOK_LOG_EVENT_TYPES)[number];

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number];

/** The groups the event checkboxes are shown in, by the type's first word. */
export const WEBHOOK_EVENT_GROUPS = ['messages', 'contacts', 'imports'] as const;
export type WebhookEventGroup = (typeof WEBHOOK_EVENT_GROUPS)[number];
export const webhookEventGroup = (type: WebhookEventType): WebhookEventGroup =>
  `${type.split('.')[0]}s` as WebhookEventGroup;

/** Deliveries per day the chart shows, and the page size of the delivery log. */
export const WEBHOOK_LOG_VIEW = { chartDays: 14, perPage: 20 } as const;

/** The 422 and 409 texts of the webhook operations (the SPA maps them to translated codes). */
export const WEBHOOK_TEXTS = {
  eventTypesRequired: 'Choose at least one event',
  endpointDisabled: 'This endpoint is disabled: enable it to deliver to it.',
} as const;
