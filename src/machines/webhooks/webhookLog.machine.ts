import { assign, setup } from 'xstate';
import { loadLog, runLogAction } from './webhooks.actors.ts';
import type {
  LogActionOutcome,
  LogContext,
  LogData,
  LogError,
  LogEvent,
  LogFilter,
  LogNotice,
} from './webhooks.types.ts';

type EventOf<K extends LogEvent['type']> = Extract<LogEvent, { type: K }>;

/**
 * One endpoint's delivery log. `loading` reads a page (with the filter) and the deliveries per day (→ `loadFailed`,
 * retry). In `ready` the user filters, pages, or starts an action in `acting`: retry one delivery,
 * replay the failed ones since a time, or send a test event; it reloads after, a 409 says the endpoint is disabled.
 * A row expands in any state.
 */
export const webhookLogMachine = setup({
  types: { context: {} as LogContext, events: {} as LogEvent, input: {} as { endpointId: number } },
  actors: { loadLog, runLogAction },
  guards: {
    isDone: (_, outcome: LogActionOutcome) => outcome.kind === 'done',
  },
  actions: {
    assignData: assign((_, data: LogData) => ({ ...data })),
    filter: assign(({ context }, filter: Partial<LogFilter>) => ({
      filter: { ...context.filter, ...filter },
      notice: null,
      error: null,
    })),
    toggle: assign(({ context }, deliveryId: number) => ({
      expandedId: context.expandedId === deliveryId ? null : deliveryId,
    })),
    notify: assign((_, { notice, count }: { notice: LogNotice; count: number }) => ({ notice, replayed: count })),
    fail: assign((_, error: LogError) => ({ error })),
    clear: assign({ notice: null, error: null }),
  },
}).createMachine({
  id: 'webhookLog',
  context: ({ input }) => ({
    endpointId: input.endpointId,
    filter: { status: null, eventType: null, page: 1 },
    deliveries: [],
    pages: 1,
    total: 0,
    days: [],
    expandedId: null,
    notice: null,
    replayed: 0,
    error: null,
  }),
  initial: 'loading',
  // Expanding a row is the log's own state and the table stays shown while a page reloads (a refresh, a realtime
  // update): a click on "Details" then is taken, not lost.
  on: {
    'delivery.toggle': {
      actions: { type: 'toggle', params: ({ event }: { event: EventOf<'delivery.toggle'> }) => event.deliveryId },
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadLog',
        src: 'loadLog',
        input: ({ context }) => ({ endpointId: context.endpointId, filter: context.filter }),
        onDone: { target: 'ready', actions: { type: 'assignData', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'log.retry': { target: 'loading', actions: 'clear' } } },
    ready: {
      on: {
        'log.refresh': { target: 'loading' },
        'log.filter': {
          target: 'loading',
          actions: {
            type: 'filter',
            params: ({ event }: { event: EventOf<'log.filter'> }) => ({
              status: event.status,
              eventType: event.eventType,
              page: 1,
            }),
          },
        },
        'log.page': {
          target: 'loading',
          actions: { type: 'filter', params: ({ event }: { event: EventOf<'log.page'> }) => ({ page: event.page }) },
        },
        'delivery.retry': { target: 'acting', actions: 'clear' },
        'log.replay': { target: 'acting', actions: 'clear' },
        'log.test': { target: 'acting', actions: 'clear' },
        'notice.dismiss': { actions: 'clear' },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'runLogAction',
        src: 'runLogAction',
        input: ({ context, event }) => {
          const e = event as Extract<LogEvent, { type: 'delivery.retry' | 'log.replay' | 'log.test' }>;
          const request =
            e.type === 'delivery.retry'
              ? ({ action: 'retry', deliveryId: e.deliveryId } as const)
              : e.type === 'log.replay'
                ? ({ action: 'replay', since: e.since } as const)
                : ({ action: 'test' } as const);
          return { endpointId: context.endpointId, request };
        },
        onDone: [
          {
            guard: { type: 'isDone', params: ({ event }) => event.output },
            target: 'loading',
            actions: {
              type: 'notify',
              params: ({ event }) => event.output as Extract<LogActionOutcome, { kind: 'done' }>,
            },
          },
          { target: 'ready', actions: { type: 'fail', params: 'disabled' } },
        ],
        onError: { target: 'ready', actions: { type: 'fail', params: 'actionFailed' } },
      },
    },
  },
});
