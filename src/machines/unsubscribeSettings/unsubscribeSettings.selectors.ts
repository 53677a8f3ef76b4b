import type { SnapshotFrom } from 'xstate';
import type { unsubscribeSettingsMachine } from './unsubscribeSettings.machine.ts';

export * from '../settingsForm/settingsForm.selectors.ts';

type Snapshot = SnapshotFrom<typeof unsubscribeSettingsMachine>;

/** The form's own context values, typed; the chart's selectors (step, busy, can save…) come from settingsForm. */
export const selectDraft = (s: Snapshot) => s.context.draft;
export const selectLanguage = (s: Snapshot) => s.context.language;
