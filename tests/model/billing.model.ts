import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as billingActors from '../../src/machines/billing/billing.actors.ts';
import { billingMachine } from '../../src/machines/billing/billing.machine.ts';
import type {
  BillingEvent,
  BillingOverview,
  LedgerEntry,
  LoadOutcome,
  SaveThresholdOutcome,
} from '../../src/machines/billing/billing.types.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const overview: BillingOverview = {
  enabled: true,
  plan: { name: 'standard', limits: { contacts: 1000, seats: null, sends: 5000 } },
  usage: { contacts: 10, seats: 1, sends: 2 },
  channels: [
    { channel: 'email', balance: 500, pricePerMessage: 1, lowBalanceThreshold: 100 },
    { channel: 'sms', balance: 0, pricePerMessage: 5, lowBalanceThreshold: 0 },
    { channel: 'whatsapp', balance: 0, pricePerMessage: 3, lowBalanceThreshold: 0 },
  ],
};
const entry: LedgerEntry = {
  id: 1,
  channel: 'email',
  kind: 'grant',
  amount: 500,
  balanceAfter: 500,
  messageId: null,
  quantity: null,
  reason: 'Welcome credits',
  createdAt: '2026-01-01T10:00:00.000Z',
};
const ledger = { entries: [entry], pages: 2, total: 30 };

export const billingEventFixtures = {
  'billing.retry': [{ type: 'billing.retry' }],
  'ledger.filter': [{ type: 'ledger.filter', channel: 'email' }],
  'ledger.page': [{ type: 'ledger.page', page: 2 }],
  'ledger.export': [{ type: 'ledger.export' }],
  'threshold.save': [{ type: 'threshold.save', channel: 'email', threshold: 50 }],
  'notice.dismiss': [{ type: 'notice.dismiss' }],
} satisfies { [K in BillingEvent['type']]: Array<Extract<BillingEvent, { type: K }>> };

export const billingOutputFixtures = {
  loadBilling: {
    enabled: { kind: 'enabled', overview, ledger, spending: [{ day: '2026-01-01', email: 3, sms: 0, whatsapp: 0 }] },
    disabled: { kind: 'disabled' },
  } satisfies { [K in LoadOutcome['kind']]: Extract<LoadOutcome, { kind: K }> },
  loadLedger: { loaded: ledger },
  saveThreshold: {
    saved: { kind: 'saved', balance: { ...overview.channels[0]!, lowBalanceThreshold: 50 } },
    rejected: { kind: 'rejected' },
  } satisfies { [K in SaveThresholdOutcome['kind']]: Extract<SaveThresholdOutcome, { kind: K }> },
  exportLedger: { exported: 30 },
} satisfies { [K in keyof typeof billingActors]?: Record<string, OutputFrom<(typeof billingActors)[K]>> };

const o = billingOutputFixtures;

export const billingModel: MachineModel<undefined> = {
  name: 'billing',
  machine: billingMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(billingEventFixtures).flat(),
    done('loadBilling', o.loadBilling.enabled, 'enabled'),
    done('loadBilling', o.loadBilling.disabled, 'disabled'),
    failed('loadBilling'),
    done('loadLedger', o.loadLedger.loaded, 'loaded'),
    failed('loadLedger'),
    done('saveThreshold', o.saveThreshold.saved, 'saved'),
    done('saveThreshold', o.saveThreshold.rejected, 'rejected'),
    failed('saveThreshold'),
    done('exportLedger', o.exportLedger.exported, 'exported'),
    failed('exportLedger'),
  ] as ModelEvent[],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({ value: s.value, error: s.context.error, saved: s.context.savedChannel }),
};
