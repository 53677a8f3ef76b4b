import { fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, readPagination, unwrap } from '../../api/client.ts';
import { FIELD_TEXTS } from '../../../shared/fieldTexts.ts';
import { WEBHOOK_LOG_VIEW, WEBHOOK_TEXTS } from '../../../shared/webhooks.ts';
import type {
  EndpointFieldErrors,
  EndpointFormValues,
  LogActionOutcome,
  LogData,
  LogFilter,
  SaveEndpointOutcome,
  WebhookEndpoint,
  WebhookSecret,
} from './webhooks.types.ts';

/** The webhook machines' only calls to the API. Expected refusals (422, 409) come back as outcomes. */

export const loadEndpoints = fromPromise<WebhookEndpoint[]>(async () => unwrap(await api.GET('/webhooks')));

/** The server's field texts as codes; a URL refusal keeps its reason (it names the address or the scheme). */
export function endpointFieldErrors(fields: Record<string, string>): EndpointFieldErrors {
  const errors: EndpointFieldErrors = {};
  if (fields.url === FIELD_TEXTS.urlRequired) errors.url = 'urlRequired';
  else if (fields.url) Object.assign(errors, { url: 'urlRefused', urlReason: fields.url });
  if (fields.eventTypes === WEBHOOK_TEXTS.eventTypesRequired) errors.eventTypes = 'eventTypesRequired';
  return errors;
}

export const saveEndpoint = fromPromise<SaveEndpointOutcome, { endpointId: number | null; values: EndpointFormValues }>(
  async ({ input }) => {
    const body = { ...input.values, url: input.values.url.trim(), description: input.values.description.trim() };
    const result =
      input.endpointId === null
        ? await api.POST('/webhooks', { body })
        : await api.PATCH('/webhooks/{webhookId}', { params: { path: { webhookId: input.endpointId } }, body });
    if (result.response.status === 422) {
      return { kind: 'rejected', errors: endpointFieldErrors(firstFieldErrors(result.error)) };
    }
    return { kind: 'saved', endpoint: unwrap(result) };
  },
);

export const toggleEndpoint = fromPromise<WebhookEndpoint, { endpointId: number; enabled: boolean }>(
  async ({ input }) =>
    unwrap(
      await api.PATCH('/webhooks/{webhookId}', {
        params: { path: { webhookId: input.endpointId } },
        body: { enabled: input.enabled },
      }),
    ),
);

export const deleteEndpoint = fromPromise<void, { endpointId: number }>(async ({ input }) => {
  const result = await api.DELETE('/webhooks/{webhookId}', { params: { path: { webhookId: input.endpointId } } });
  if (result.response.status !== 204) unwrap(result);
});

export const loadLog = fromPromise<LogData, { endpointId: number; filter: LogFilter }>(async ({ input }) => {
  const path = { webhookId: input.endpointId };
  const query = {
    page: input.filter.page,
    perPage: WEBHOOK_LOG_VIEW.perPage,
    ...(input.filter.status ? { status: input.filter.status } : {}),
    ...(input.filter.eventType ? { eventType: input.filter.eventType } : {}),
  };
  const [log, days] = await Promise.all([
    api.GET('/webhooks/{webhookId}/deliveries', { params: { path, query } }),
    api.GET('/webhooks/{webhookId}/deliveries/daily', { params: { path } }),
  ]);
  const deliveries = unwrap(log);
  const pagination = readPagination(log.response);
  return {
    deliveries,
    pages: pagination?.pages ?? 1,
    total: pagination?.total ?? deliveries.length,
    days: unwrap(days),
  };
});

type LogAction = { action: 'retry'; deliveryId: number } | { action: 'replay'; since: string } | { action: 'test' };

/** Retry one delivery, replay the failed ones since a time, or send a test event; 409: the endpoint is disabled. */
export const runLogAction = fromPromise<LogActionOutcome, { endpointId: number; request: LogAction }>(
  async ({ input }) => {
    const path = { webhookId: input.endpointId };
    const { request } = input;
    const result =
      request.action === 'retry'
        ? await api.POST('/webhooks/{webhookId}/deliveries/{deliveryId}/retry', {
            params: { path: { ...path, deliveryId: request.deliveryId } },
          })
        : request.action === 'replay'
          ? await api.POST('/webhooks/{webhookId}/deliveries/replay', {
              params: { path },
              body: { since: request.since },
            })
          : await api.POST('/webhooks/{webhookId}/test', { params: { path } });
    if (result.response.status === 409) return { kind: 'disabled' };
    const body = unwrap(result as { data?: unknown; error?: unknown; response: Response });
    const notice = request.action === 'retry' ? 'retried' : request.action === 'replay' ? 'replayed' : 'testSent';
    return { kind: 'done', notice, count: (body as { count?: number }).count ?? 1 };
  },
);

export const revealSecret = fromPromise<WebhookSecret, { endpointId: number }>(async ({ input }) =>
  unwrap(await api.GET('/webhooks/{webhookId}/secret', { params: { path: { webhookId: input.endpointId } } })),
);

export const rotateSecret = fromPromise<WebhookSecret, { endpointId: number }>(async ({ input }) =>
  unwrap(await api.POST('/webhooks/{webhookId}/secret/rotate', { params: { path: { webhookId: input.endpointId } } })),
);
