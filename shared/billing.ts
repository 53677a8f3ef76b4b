/**
 * Billing and credits (issue 21 §4), named once: the plan limits, the ledger's entry kinds, the notification kinds and
 * the texts the server answers with and the SPA shows. Channel names come from shared/messaging.ts.
 */
import { CHANNELS, type Channel } from './messaging.ts';
import type { PendingReason } from './sending.ts';

export const BILLING_CHANNELS: readonly Channel[] = CHANNELS;

/** What a plan limits; a null limit is unlimited. */
export const PLAN_LIMITS = ['contacts', 'seats', 'sends'] as const;
export type PlanLimit = (typeof PLAN_LIMITS)[number];

/** The plan a company has until the operator sets another (`plan:set`): no limits. */
export const DEFAULT_PLAN = 'standard';

/**
 * Ledger entries (credit_ledger.reason, migration 017): debits for a campaign's messages (`send`) and test sends,
 * credits for a top-up, an operator's grant or a refund.
 */
export const LEDGER_KINDS = ['send', 'test_send', 'top_up', 'grant', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];
export const DEBIT_KINDS = ['send', 'test_send'] as const satisfies readonly LedgerKind[];
export type DebitKind = (typeof DEBIT_KINDS)[number];
export const CREDIT_KINDS = ['top_up', 'grant', 'refund'] as const satisfies readonly LedgerKind[];
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** Notification kinds (server/services/notifications). */
export const BILLING_NOTIFICATIONS = {
  lowBalance: 'billing.low_balance',
  limitReached: 'billing.limit_reached',
} as const;

/** Largest single grant or top-up, in credits (a typo guard, not a business rule). */
export const MAX_GRANT_CREDITS = 100_000_000;
/** Largest price per message and low-balance threshold, in credits. */
export const MAX_PRICE_CREDITS = 1_000_000;
export const MAX_THRESHOLD_CREDITS = 100_000_000;

/** The paused campaign's reason when its channel's balance ran out mid-send (shown by the report). */
export const PAUSE_REASON_CREDITS = 'credits_exhausted' satisfies PendingReason;

export const BILLING_TEXTS = {
  /** Product spec §6 "Upgrade required": a plan limit was reached. */
  upgradeRequired: 'Upgrade required: contact your dedicated sales representative to upgrade your plan.',
  insufficientCredits: 'Not enough credits on this channel for this send. Ask the account owner to top up.',
  /** The ledger's reason beside a refund of charged messages that were not sent ({id}: the campaign). */
  refundReason: 'Messages not sent, campaign #{id}',
  testSendRefundReason: 'Test send not accepted',
  /** The ledger's reason beside a new company's starting credits (BILLING_STARTING_CREDITS). */
  startingCreditsReason: 'Starting credits',
  billingOff: 'Billing is off on this installation: there are no balances nor limits.',
  operatorKeyInvalid: 'Invalid operator key.',
  /** The low-balance email to owners ({channel}, {balance}, {threshold} replaced). */
  lowBalanceSubject: 'Low credit balance on {channel}',
  lowBalanceBody:
    'The {channel} balance is down to {balance} credits, below the threshold of {threshold}. ' +
    'Sends stop when it runs out: ask your dedicated sales representative for a top-up.',
} as const;

/** Fills a text's `{name}` placeholders. */
export const fillText = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
