import type { SnapshotFrom } from 'xstate';
import type { UnsubscribeSettingsEvent, unsubscribeSettingsMachine } from './unsubscribeSettings.machine.ts';

type Snapshot = SnapshotFrom<typeof unsubscribeSettingsMachine>;

const SAVE: UnsubscribeSettingsEvent = { type: 'settings.save' };
const DISCARD: UnsubscribeSettingsEvent = { type: 'settings.discard' };

/** Narrow selectors for `useSelector`; each returns a value that keeps its identity until it changes. */
export const selectStep = (s: Snapshot) =>
  s.matches('loading') ? 'loading' : s.matches('loadFailed') ? 'loadFailed' : s.matches('saved') ? 'saved' : 'form';
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectLanguage = (s: Snapshot) => s.context.language;
export const selectError = (s: Snapshot) => s.context.error;
export const selectFieldErrors = (s: Snapshot) => s.context.fieldErrors;
export const selectBusy = (s: Snapshot) => s.hasTag('busy');
export const selectEditable = (s: Snapshot) => s.hasTag('editable');
export const selectIsDirty = (s: Snapshot) => s.matches({ editing: 'dirty' }) || s.matches('rejected');
export const selectIsRejected = (s: Snapshot) => s.matches('rejected');
export const selectCanSave = (s: Snapshot) => s.can(SAVE);
export const selectCanDiscard = (s: Snapshot) => s.can(DISCARD);
