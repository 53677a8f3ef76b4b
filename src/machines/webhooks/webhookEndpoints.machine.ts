import { assign, setup } from 'xstate';
import { deleteEndpoint, loadEndpoints, saveEndpoint, toggleEndpoint } from './webhooks.actors.ts';
import type {
  EndpointFieldErrors,
  EndpointFormValues,
  EndpointsContext,
  EndpointsError,
  EndpointsEvent,
  EndpointsNotice,
  SaveEndpointOutcome,
  WebhookEndpoint,
} from './webhooks.types.ts';

export type * from './webhooks.types.ts';

type EventOf<K extends EndpointsEvent['type']> = Extract<EndpointsEvent, { type: K }>;

export const EMPTY_ENDPOINT: EndpointFormValues = { url: '', description: '', eventTypes: [], enabled: true };

/**
 * Integrations → Webhooks: the endpoint list. `loading` reads the endpoints (→ `loadFailed`, retry). In `ready` the
 * user selects one (its secret and log show), adds or edits one in `form` (`editing` ⇄ `saving`; a 422 returns to
 * `editing` with field codes), switches one on or off (`toggling`), or deletes one after `confirmingDelete`.
 */
export const webhookEndpointsMachine = setup({
  types: { context: {} as EndpointsContext, events: {} as EndpointsEvent },
  actors: { loadEndpoints, saveEndpoint, toggleEndpoint, deleteEndpoint },
  guards: {
    isSaved: (_, outcome: SaveEndpointOutcome) => outcome.kind === 'saved',
  },
  actions: {
    assignEndpoints: assign(({ context }, endpoints: WebhookEndpoint[]) => ({
      endpoints,
      selectedId: endpoints.some((e) => e.id === context.selectedId) ? context.selectedId : (endpoints[0]?.id ?? null),
    })),
    select: assign((_, selectedId: number | null) => ({ selectedId })),
    openForm: assign(({ context }, targetId: number | null) => {
      const endpoint = context.endpoints.find((e) => e.id === targetId);
      const values = endpoint
        ? {
            url: endpoint.url,
            description: endpoint.description,
            eventTypes: endpoint.eventTypes,
            enabled: endpoint.enabled,
          }
        : EMPTY_ENDPOINT;
      return { targetId: endpoint ? endpoint.id : null, values, fieldErrors: {}, notice: null, error: null };
    }),
    target: assign((_, targetId: number) => ({ targetId, notice: null, error: null })),
    change: assign(({ context }, values: Partial<EndpointFormValues>) => ({
      values: { ...context.values, ...values },
    })),
    reject: assign((_, fieldErrors: EndpointFieldErrors) => ({ fieldErrors })),
    putEndpoint: assign(({ context }, endpoint: WebhookEndpoint) => ({
      endpoints: context.endpoints.some((e) => e.id === endpoint.id)
        ? context.endpoints.map((e) => (e.id === endpoint.id ? endpoint : e))
        : [endpoint, ...context.endpoints],
      selectedId: endpoint.id,
      targetId: null,
    })),
    removeTarget: assign(({ context }) => {
      const endpoints = context.endpoints.filter((e) => e.id !== context.targetId);
      const selectedId = context.selectedId === context.targetId ? (endpoints[0]?.id ?? null) : context.selectedId;
      return { endpoints, selectedId, targetId: null };
    }),
    notify: assign((_, notice: EndpointsNotice) => ({ notice })),
    fail: assign((_, error: EndpointsError) => ({ error, targetId: null })),
    clear: assign({ notice: null, error: null }),
  },
}).createMachine({
  id: 'webhookEndpoints',
  context: {
    endpoints: [],
    selectedId: null,
    targetId: null,
    values: EMPTY_ENDPOINT,
    fieldErrors: {},
    notice: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadEndpoints',
        src: 'loadEndpoints',
        onDone: { target: 'ready', actions: { type: 'assignEndpoints', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'endpoints.retry': { target: 'loading', actions: 'clear' } } },
    ready: {
      on: {
        'endpoint.select': {
          actions: { type: 'select', params: ({ event }: { event: EventOf<'endpoint.select'> }) => event.endpointId },
        },
        'endpoint.add': { target: 'form', actions: { type: 'openForm', params: null } },
        'endpoint.edit': {
          target: 'form',
          actions: { type: 'openForm', params: ({ event }: { event: EventOf<'endpoint.edit'> }) => event.endpointId },
        },
        'endpoint.toggle': {
          target: 'toggling',
          actions: { type: 'target', params: ({ event }: { event: EventOf<'endpoint.toggle'> }) => event.endpointId },
        },
        'endpoint.delete': {
          target: 'confirmingDelete',
          actions: { type: 'target', params: ({ event }: { event: EventOf<'endpoint.delete'> }) => event.endpointId },
        },
        'notice.dismiss': { actions: 'clear' },
      },
    },
    form: {
      initial: 'editing',
      on: { 'form.cancel': { target: 'ready' } },
      states: {
        editing: {
          tags: ['editable'],
          on: {
            'form.change': {
              actions: { type: 'change', params: ({ event }: { event: EventOf<'form.change'> }) => event.values },
            },
            'form.submit': { target: 'saving' },
          },
        },
        saving: {
          tags: ['busy'],
          invoke: {
            id: 'saveEndpoint',
            src: 'saveEndpoint',
            input: ({ context }) => ({ endpointId: context.targetId, values: context.values }),
            onDone: [
              {
                guard: { type: 'isSaved', params: ({ event }) => event.output },
                target: '#webhookEndpoints.ready',
                actions: [
                  {
                    type: 'putEndpoint',
                    params: ({ event }) => (event.output as Extract<SaveEndpointOutcome, { kind: 'saved' }>).endpoint,
                  },
                  { type: 'notify', params: 'saved' },
                ],
              },
              {
                target: 'editing',
                actions: {
                  type: 'reject',
                  params: ({ event }) => (event.output as Extract<SaveEndpointOutcome, { kind: 'rejected' }>).errors,
                },
              },
            ],
            onError: { target: '#webhookEndpoints.ready', actions: { type: 'fail', params: 'saveFailed' } },
          },
        },
      },
    },
    toggling: {
      tags: ['busy'],
      invoke: {
        id: 'toggleEndpoint',
        src: 'toggleEndpoint',
        input: ({ context }) => ({
          endpointId: context.targetId!,
          enabled: !context.endpoints.find((e) => e.id === context.targetId)?.enabled,
        }),
        onDone: { target: 'ready', actions: { type: 'putEndpoint', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: 'toggleFailed' } },
      },
    },
    confirmingDelete: {
      on: { 'delete.confirm': { target: 'deleting' }, 'delete.cancel': { target: 'ready' } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteEndpoint',
        src: 'deleteEndpoint',
        input: ({ context }) => ({ endpointId: context.targetId! }),
        onDone: { target: 'ready', actions: ['removeTarget', { type: 'notify', params: 'deleted' }] },
        onError: { target: 'ready', actions: { type: 'fail', params: 'deleteFailed' } },
      },
    },
  },
});
