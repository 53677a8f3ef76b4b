import type { SnapshotFrom } from 'xstate';
import type { NotificationSettingsEvent, notificationSettingsMachine } from './notificationSettings.machine.ts';

type Snapshot = SnapshotFrom<typeof notificationSettingsMachine>;

const SAVE: NotificationSettingsEvent = { type: 'settings.save' };
const DISCARD: NotificationSettingsEvent = { type: 'settings.discard' };

/** Narrow selectors for `useSelector`; each returns a value that keeps its identity until it changes. */
export const selectStep = (s: Snapshot) =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('saved') ? 'saved' : 'form';
export const selectSaved = (s: Snapshot) => s.context.saved;
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectError = (s: Snapshot) => s.context.error;
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectRevision = (s: Snapshot) => s.context.revision;
export const selectTimeZone = (s: Snapshot) => s.context.timeZone;
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectIsDirty = (s: Snapshot) => s.matches({ editing: 'dirty' }) || s.matches('rejected');
/** A 422 answered: the field errors are shown beside their fields, this says why nothing was saved. */
export const selectIsRejected = (s: Snapshot) => s.matches('rejected');
export const selectCanSave = (s: Snapshot) => s.can(SAVE);
export const selectCanDiscard = (s: Snapshot) => s.can(DISCARD);
