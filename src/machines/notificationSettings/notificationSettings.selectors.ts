import type { SnapshotFrom } from 'xstate';
import type { notificationSettingsMachine } from './notificationSettings.machine.ts';

export * from '../settingsForm/settingsForm.selectors.ts';

type Snapshot = SnapshotFrom<typeof notificationSettingsMachine>;

/** The form's own context values, typed; the chart's selectors (step, busy, can save…) come from settingsForm. */
export const selectSaved = (s: Snapshot) => s.context.saved;
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectRevision = (s: Snapshot) => s.context.revision;
export const selectTimeZone = (s: Snapshot) => s.context.timeZone;
