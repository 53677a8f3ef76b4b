import { DeliveryState, RecipientState, ReportFilter } from './contract/schemas.ts';
import { DELIVERY_STATES, RECIPIENT_STATES } from './messaging.ts';

/**
 * The message console, the message log and reports, named once for the server and the SPA: a report's recipient
 * filters and states (from the contract's schemas), how far the log counts, and the names the server gives drafts.
 */

/** Which recipients of a report a page or a CSV export holds. */
export const REPORT_FILTERS = ReportFilter.enum;
export type ReportFilterName = (typeof REPORT_FILTERS)[number];

/** A recipient's state in a report: the spec's recipient states, and pending while it is not yet sent. */
export const REPORT_RECIPIENT_STATES = RecipientState.enum;
export type ReportRecipientState = (typeof REPORT_RECIPIENT_STATES)[number];

/** The contract's delivery states are the stored ones (shared/messaging.ts). */
export const LOG_DELIVERY_STATES = DeliveryState.enum;
// Compile-time checks that the contract and shared/messaging.ts name the same states.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
export const deliveryStatesAgree: Same<(typeof LOG_DELIVERY_STATES)[number], (typeof DELIVERY_STATES)[number]> = true;
export const recipientStatesAgree: Same<
  Exclude<ReportRecipientState, 'pending'>,
  (typeof RECIPIENT_STATES)[number]
> = true;

/** The message log counts its rows up to this many; a longer log reports this total (the SPA shows "10,000+"). */
export const MESSAGE_LOG_COUNT_CAP = 10_000;

/** Rows per page of the console, the log and a report's recipients unless asked otherwise. */
export const REPORT_PAGE_SIZE = 25;

/** The names the server gives the drafts it creates; the wizard lets the user rename them. */
export const DRAFT_NAMES = {
  /** "Resend to non-openers": the parent's name with this suffix, cut to the 200 characters a name may hold. */
  resend: (parent: string) => `${parent.slice(0, 200 - ' (non-openers)'.length)} (non-openers)`,
} as const;
