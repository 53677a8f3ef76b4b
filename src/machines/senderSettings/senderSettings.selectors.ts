import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { senderFormMachine } from './senderForm.machine.ts';
import type { senderSettingsMachine } from './senderSettings.machine.ts';

type Snapshot = SnapshotFrom<typeof senderSettingsMachine>;
type FormSnapshot = SnapshotFrom<typeof senderFormMachine>;
export type SenderFormRef = ActorRefFrom<typeof senderFormMachine>;

/** Narrow selectors for `useSelector`; each returns a value that keeps its identity until it changes. */
export const selectStep = (s: Snapshot) =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : 'ready';
export const selectSenders = (s: Snapshot) => s.context.senders;
export const selectDomains = (s: Snapshot) => s.context.domains;
export const selectNotice = (s: Snapshot) => s.context.notice;
export const selectError = (s: Snapshot) => s.context.error;
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
/** The sender a delete confirmation asks about, or null. */
export const selectConfirmingDelete = (s: Snapshot) =>
  s.matches('confirmingDelete') || s.matches('deleting') ? s.context.targetId : null;
export const selectDeleting = (s: Snapshot) => s.matches('deleting');
export const selectResendingId = (s: Snapshot) => (s.matches('resending') ? s.context.targetId : null);
export const selectCheckingDomainId = (s: Snapshot) => (s.matches('checkingDns') ? s.context.checkingDomainId : null);
/** Actions the page offers only from `ready` (one at a time). */
export const selectCanAct = (s: Snapshot) => s.matches('ready');
export const selectForm = (s: Snapshot) => s.children.senderForm as SenderFormRef | undefined;

export const selectFormValues = (s: FormSnapshot) => s.context.values;
export const selectFormErrors = (s: FormSnapshot) => s.context.fieldErrors;
export const selectFormFailed = (s: FormSnapshot) => s.context.error;
export const selectFormBusy = (s: FormSnapshot) => s.hasTag('busy');
export const selectFormEditing = (s: FormSnapshot) => s.context.senderId !== null;
export const selectFormRelayConfigured = (s: FormSnapshot) => s.context.relayConfigured;
