// Types shared by the messageWizard machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';
import type { Channel } from '../../../shared/messaging.ts';
import type { IssueCode } from './messageWizard.issues.ts';

export type Message = components['schemas']['Message'];
export type MessageInput = components['schemas']['MessageInput'];
export type MessageSchedule = components['schemas']['MessageSchedule'];
export type MessageOptions = components['schemas']['MessageOptions'];
export type ChecklistItem = components['schemas']['ChecklistItem'];
export type MessageField = keyof MessageInput;

export interface MessageWizardInput {
  channel: Channel;
  id: number;
}

export interface LoadedMessage {
  message: Message;
  options: MessageOptions;
}

/** An autosave: saved, refused by field (422, as issue codes), or the message is no longer a draft. */
export type SaveOutcome =
  | { kind: 'saved'; message: Message }
  | { kind: 'rejected'; issues: Partial<Record<string, IssueCode>> }
  | { kind: 'locked' };

export type TestSendOutcome = { kind: 'sent'; addresses: string[] } | { kind: 'rejected' };

/** What the engine did with the message: it is sending now, or it waits for its time. */
export type SendOutcome =
  { kind: 'sent'; message: Message } | { kind: 'scheduled'; message: Message } | { kind: 'refused' };

export type WizardError =
  | 'loadFailed'
  | 'saveFailed'
  | 'countFailed'
  | 'checklistFailed'
  | 'testAddressesInvalid'
  | 'testSendFailed'
  | 'sendRefused'
  | 'sendFailed'
  | 'deleteFailed';

export interface MessageWizardContext {
  channel: Channel;
  id: number;
  /** The message as the server last saved it. */
  message: Message | null;
  /** The form: the saved message with every change made since. */
  draft: MessageInput;
  /** Changes not yet sent to the server; `inFlight` is the autosave on its way. */
  pending: MessageInput;
  inFlight: MessageInput | null;
  options: MessageOptions | null;
  /** The deduplicated recipient count of the draft's lists and segments; null until counted. */
  count: number | null;
  checklist: ChecklistItem[] | null;
  /** A save ended while another action ran: the checklist is read again as soon as the task is free. */
  checklistStale: boolean;
  /** Field issues of the last refused autosave, by field. */
  issues: Partial<Record<string, IssueCode>>;
  /** The addresses of the test send under way or last made, and those it reached. */
  testAddresses: string[];
  testSentTo: string[];
  errors: Partial<Record<'save' | 'count' | 'checklist' | 'task', WizardError>>;
  /** How the wizard ended: the message sent or scheduled, or the draft deleted. */
  outcome: 'sent' | 'scheduled' | 'deleted' | null;
}

export type MessageWizardEvent =
  | { type: 'wizard.retry' }
  | { type: 'field.change'; patch: MessageInput }
  | { type: 'autosave.retry' }
  | { type: 'checklist.refresh' }
  | { type: 'testSend.submit'; addresses: string[] }
  | { type: 'wizard.send' }
  | { type: 'wizard.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };
