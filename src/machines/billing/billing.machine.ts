import { assign, setup } from 'xstate';
import type { Channel } from '../../../shared/messaging.ts';
import { exportLedger, loadBilling, loadLedger, saveThreshold } from './billing.actors.ts';
import type {
  BillingContext,
  BillingError,
  BillingEvent,
  ChannelBalance,
  LedgerFilter,
  LedgerPage,
  LoadOutcome,
  SaveThresholdOutcome,
} from './billing.types.ts';

type EventOf<K extends BillingEvent['type']> = Extract<BillingEvent, { type: K }>;
type Enabled = Extract<LoadOutcome, { kind: 'enabled' }>;

/**
 * The billing "Channels" page. `loading` reads the overview (→ `disabled` with BILLING=off, `loadFailed` with retry);
 * in `ready` the user filters or pages the ledger (`loadingLedger`), exports it as CSV (`exporting`) or saves a
 * channel's low-balance threshold (`saving`; a 422 is `thresholdRejected`). Failures past loading keep the page.
 */
export const billingMachine = setup({
  types: { context: {} as BillingContext, events: {} as BillingEvent },
  actors: { loadBilling, loadLedger, saveThreshold, exportLedger },
  guards: {
    isEnabled: (_, outcome: LoadOutcome) => outcome.kind === 'enabled',
    isSaved: (_, outcome: SaveThresholdOutcome) => outcome.kind === 'saved',
  },
  actions: {
    assignLoaded: assign((_, { overview, ledger, spending }: Enabled) => ({ overview, ledger, spending })),
    assignLedger: assign((_, ledger: LedgerPage) => ({ ledger })),
    filter: assign(({ context }, filter: Partial<LedgerFilter>) => ({
      filter: { ...context.filter, ...filter },
      error: null,
      exported: null,
      savedChannel: null,
    })),
    assignBalance: assign(({ context }, balance: ChannelBalance) => ({
      overview: context.overview && {
        ...context.overview,
        channels: context.overview.channels.map((c) => (c.channel === balance.channel ? balance : c)),
      },
      savedChannel: balance.channel as Channel,
    })),
    assignExported: assign((_, exported: number) => ({ exported })),
    fail: assign((_, error: BillingError) => ({ error })),
    clear: assign({ error: null, exported: null, savedChannel: null }),
  },
}).createMachine({
  id: 'billing',
  context: {
    overview: null,
    spending: [],
    filter: { channel: null, page: 1 },
    ledger: { entries: [], pages: 1, total: 0 },
    savedChannel: null,
    exported: null,
    error: null,
  },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadBilling',
        src: 'loadBilling',
        input: ({ context }) => context.filter,
        onDone: [
          {
            guard: { type: 'isEnabled', params: ({ event }) => event.output },
            target: 'ready',
            actions: { type: 'assignLoaded', params: ({ event }) => event.output as Enabled },
          },
          { target: 'disabled' },
        ],
        onError: { target: 'loadFailed', actions: { type: 'fail', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'billing.retry': { target: 'loading', actions: 'clear' } } },
    disabled: {},
    ready: {
      tags: ['editable'],
      on: {
        'ledger.filter': {
          target: 'loadingLedger',
          actions: {
            type: 'filter',
            params: ({ event }: { event: EventOf<'ledger.filter'> }) => ({ channel: event.channel, page: 1 }),
          },
        },
        'ledger.page': {
          target: 'loadingLedger',
          actions: { type: 'filter', params: ({ event }: { event: EventOf<'ledger.page'> }) => ({ page: event.page }) },
        },
        'ledger.export': { target: 'exporting', actions: 'clear' },
        'threshold.save': { target: 'saving', actions: 'clear' },
        'notice.dismiss': { actions: 'clear' },
      },
    },
    loadingLedger: {
      tags: ['busy'],
      invoke: {
        id: 'loadLedger',
        src: 'loadLedger',
        input: ({ context }) => context.filter,
        onDone: { target: 'ready', actions: { type: 'assignLedger', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: 'ledgerFailed' } },
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        id: 'saveThreshold',
        src: 'saveThreshold',
        input: ({ event }) => {
          const e = event as EventOf<'threshold.save'>;
          return { channel: e.channel, threshold: e.threshold };
        },
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'ready',
            actions: {
              type: 'assignBalance',
              params: ({ event }) => (event.output as Extract<SaveThresholdOutcome, { kind: 'saved' }>).balance,
            },
          },
          { target: 'ready', actions: { type: 'fail', params: 'thresholdRejected' } },
        ],
        onError: { target: 'ready', actions: { type: 'fail', params: 'saveFailed' } },
      },
    },
    exporting: {
      tags: ['busy'],
      invoke: {
        id: 'exportLedger',
        src: 'exportLedger',
        input: ({ context }) => ({ channel: context.filter.channel }),
        onDone: { target: 'ready', actions: { type: 'assignExported', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'fail', params: 'exportFailed' } },
      },
    },
  },
});
