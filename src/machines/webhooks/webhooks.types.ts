import type { components } from '../../../shared/contract/schema.d.ts';
import type { WebhookEventType } from '../../../shared/integrations.ts';
import type { WebhookDeliveryStatus, WebhookLogEventType } from '../../../shared/webhooks.ts';

export type WebhookEndpoint = components['schemas']['WebhookEndpoint'];
export type WebhookDelivery = components['schemas']['WebhookDelivery'];
export type WebhookDeliveryDay = components['schemas']['WebhookDeliveryDay'];
export type WebhookSecret = components['schemas']['WebhookSecret'];

export interface EndpointFormValues {
  url: string;
  description: string;
  eventTypes: WebhookEventType[];
  enabled: boolean;
}

/** A field's problem as a code the screen translates; `urlRefused` comes with the server's reason. */
export interface EndpointFieldErrors {
  url?: 'urlRequired' | 'urlRefused';
  eventTypes?: 'eventTypesRequired';
  urlReason?: string;
}

export type SaveEndpointOutcome =
  { kind: 'saved'; endpoint: WebhookEndpoint } | { kind: 'rejected'; errors: EndpointFieldErrors };

export type EndpointsError = 'loadFailed' | 'saveFailed' | 'deleteFailed' | 'toggleFailed';
export type EndpointsNotice = 'saved' | 'deleted';

export interface EndpointsContext {
  endpoints: WebhookEndpoint[];
  /** The endpoint whose secret and delivery log are shown. */
  selectedId: number | null;
  /** The endpoint being edited (null: a new one), or to delete, or to switch on/off. */
  targetId: number | null;
  values: EndpointFormValues;
  fieldErrors: EndpointFieldErrors;
  notice: EndpointsNotice | null;
  error: EndpointsError | null;
}

export type EndpointsEvent =
  | { type: 'endpoints.retry' }
  | { type: 'endpoint.add' }
  | { type: 'endpoint.edit'; endpointId: number }
  | { type: 'endpoint.select'; endpointId: number | null }
  | { type: 'endpoint.delete'; endpointId: number }
  | { type: 'endpoint.toggle'; endpointId: number }
  | { type: 'form.change'; values: Partial<EndpointFormValues> }
  | { type: 'form.submit' }
  | { type: 'form.cancel' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'notice.dismiss' };

export interface LogFilter {
  status: WebhookDeliveryStatus | null;
  eventType: WebhookLogEventType | null;
  page: number;
}

export interface LogData {
  deliveries: WebhookDelivery[];
  pages: number;
  total: number;
  days: WebhookDeliveryDay[];
}

/** Retry, replay and test answer a 409 while the endpoint is disabled. */
export type LogActionOutcome = { kind: 'done'; notice: LogNotice; count: number } | { kind: 'disabled' };

export type LogNotice = 'retried' | 'replayed' | 'testSent';
export type LogError = 'loadFailed' | 'actionFailed' | 'disabled';

export interface LogContext extends LogData {
  endpointId: number;
  filter: LogFilter;
  expandedId: number | null;
  notice: LogNotice | null;
  /** How many deliveries a replay queued. */
  replayed: number;
  error: LogError | null;
}

export type LogEvent =
  | { type: 'log.retry' }
  | { type: 'log.refresh' }
  | { type: 'log.filter'; status: WebhookDeliveryStatus | null; eventType: WebhookLogEventType | null }
  | { type: 'log.page'; page: number }
  | { type: 'delivery.toggle'; deliveryId: number }
  | { type: 'delivery.retry'; deliveryId: number }
  | { type: 'log.replay'; since: string }
  | { type: 'log.test' }
  | { type: 'notice.dismiss' };

export interface SecretContext {
  endpointId: number;
  secret: WebhookSecret | null;
  error: 'revealFailed' | 'rotateFailed' | null;
}

export type SecretEvent =
  | { type: 'secret.reveal' }
  | { type: 'secret.hide' }
  | { type: 'secret.rotate' }
  | { type: 'rotate.confirm' }
  | { type: 'rotate.cancel' };
