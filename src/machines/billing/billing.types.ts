import type { components } from '../../../shared/contract/schema.d.ts';
import type { Channel } from '../../../shared/messaging.ts';

export type BillingOverview = components['schemas']['BillingOverview'];
export type ChannelBalance = components['schemas']['ChannelBalance'];
export type LedgerEntry = components['schemas']['CreditLedgerEntry'];

/** The ledger table's filter and page. */
export interface LedgerFilter {
  channel: Channel | null;
  page: number;
}

export interface LedgerPage {
  entries: LedgerEntry[];
  pages: number;
  total: number;
}

/** Credits spent on one day of this month, per channel (the chart's rows). */
export type DaySpending = { day: string } & Record<Channel, number>;

export type LoadOutcome =
  { kind: 'disabled' } | { kind: 'enabled'; overview: BillingOverview; ledger: LedgerPage; spending: DaySpending[] };

export type SaveThresholdOutcome = { kind: 'saved'; balance: ChannelBalance } | { kind: 'rejected' };

/** Error codes the screen translates. */
export type BillingError = 'loadFailed' | 'ledgerFailed' | 'thresholdRejected' | 'saveFailed' | 'exportFailed';

export interface BillingContext {
  overview: BillingOverview | null;
  spending: DaySpending[];
  filter: LedgerFilter;
  ledger: LedgerPage;
  /** The channel whose threshold was saved last (the screen confirms it). */
  savedChannel: Channel | null;
  exported: number | null;
  error: BillingError | null;
}

export type BillingEvent =
  | { type: 'billing.retry' }
  | { type: 'ledger.filter'; channel: Channel | null }
  | { type: 'ledger.page'; page: number }
  | { type: 'ledger.export' }
  | { type: 'threshold.save'; channel: Channel; threshold: number }
  | { type: 'notice.dismiss' };
