// Types shared by the sender settings machines and their actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';

export type Sender = components['schemas']['Sender'];
export type SendingDomain = components['schemas']['SendingDomain'];
export type SenderInput = components['schemas']['SenderInput'];

/** The form's fields as the inputs hold them (numbers and dates as typed; empty text means "none"). */
export interface SenderFormValues {
  name: string;
  address: string;
  replyTo: string;
  /** A relay of the sender's own; left empty on edit, the stored one stays (it is never shown back). */
  relayUrl: string;
  ratePerMinute: number | '';
  warmupEnabled: boolean;
  warmupStartedOn: string;
  warmupInitial: number | '';
  warmupIncreasePct: number | '';
}
export type SenderFormField = keyof SenderFormValues;

/** A 422's field errors as codes the screen translates: the server's known texts, or "not valid". */
export type SenderFieldError = 'required' | 'addressTaken' | 'invalid';
export type SenderFieldErrors = Partial<Record<SenderFormField | 'form', SenderFieldError>>;

export type SaveSenderOutcome = { kind: 'saved'; sender: Sender } | { kind: 'rejected'; errors: SenderFieldErrors };

export interface SenderFormInput {
  /** The sender being edited; null adds one. */
  sender: Sender | null;
}

export interface SenderFormContext {
  senderId: number | null;
  /** The sender has a relay of its own (never shown back; an empty relay field keeps it). */
  relayConfigured: boolean;
  values: SenderFormValues;
  fieldErrors: SenderFieldErrors;
  error: 'saveFailed' | null;
  saved: Sender | null;
}

export type SenderFormEvent =
  | { type: 'form.change'; field: SenderFormField; value: SenderFormValues[SenderFormField] }
  | { type: 'form.submit' }
  | { type: 'form.cancel' };

export interface SenderSettingsData {
  senders: Sender[];
  domains: SendingDomain[];
}

export type DeleteOutcome = { kind: 'deleted' } | { kind: 'inUse' };
export type ResendOutcome = { kind: 'sent'; sender: Sender } | { kind: 'tooSoon' };

/** What the page says after an action (codes; the screen translates). */
export type SenderNotice = 'resent' | 'resendTooSoon' | 'deleted' | 'inUse' | 'saved';
export type SenderSettingsError = 'loadFailed' | 'deleteFailed' | 'resendFailed' | 'checkFailed';

export interface SenderSettingsContext {
  senders: Sender[];
  domains: SendingDomain[];
  /** The sender the delete confirmation, a resend or the form is about. */
  targetId: number | null;
  /** The domain a DNS check runs for. */
  checkingDomainId: number | null;
  notice: SenderNotice | null;
  error: SenderSettingsError | null;
}

export type SenderSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'sender.add' }
  | { type: 'sender.edit'; senderId: number }
  | { type: 'sender.delete'; senderId: number }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'sender.resend'; senderId: number }
  | { type: 'domain.check'; domainId: number }
  | { type: 'notice.dismiss' };
