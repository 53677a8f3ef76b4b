import { FIELDS, PERIOD_FIELDS, PERIODS, type Period } from '../../../shared/cron';
import { loadSettings, saveSettings } from './notificationSettings.actors.ts';
import { createSettingsFormMachine, withoutField } from '../settingsForm/settingsForm.machine.ts';
import type {
  NotificationSettings,
  NotificationSettingsInput,
  Channel,
  Category,
  NotificationEdit,
  NotificationSettingsInputs,
  NotificationSettingsContext,
} from './notificationSettings.types.ts';

export type * from './notificationSettings.types.ts';

export const CHANNELS: readonly Channel[] = ['inApp', 'email'];
export const CATEGORIES: readonly Category[] = ['imports', 'sends', 'failures'];

/** The smallest period whose hidden fields are all `*`: the editor period that shows this pattern whole. */
export function periodOf(pattern: string): Period {
  const texts = pattern.trim().split(/\s+/);
  const fits = (period: Period) =>
    FIELDS.every((field, i) => PERIOD_FIELDS[period].includes(field) || texts[i] === '*');
  return PERIODS.find(fits) ?? 'year';
}

function draftOf(settings: NotificationSettings, timeZone: string): NotificationSettingsInput {
  const { enabled, pattern, period } = settings.digest;
  return { inApp: { ...settings.inApp }, email: { ...settings.email }, digest: { enabled, pattern, period, timeZone } };
}

/** The draft of stored settings, in their own time zone: what the draft is compared with, and a discard puts back. */
const storedDraft = (settings: NotificationSettings) => draftOf(settings, settings.digest.timeZone);

export function isDraftDirty(context: Pick<NotificationSettingsContext, 'saved' | 'draft'>): boolean {
  const { saved, draft } = context;
  if (!saved || !draft) return false;
  return JSON.stringify(draft) !== JSON.stringify(storedDraft(saved));
}

/**
 * Account → Notifications, on the settings form chart (settingsForm.machine.ts: load, edit a draft, save, retry). The
 * loaded draft carries the browser's time zone, so another stored zone is a change. Its edits are the categories per
 * channel, the digest switch and the schedule editor's outcomes (`schedule.changed` / `schedule.rejected`); a pattern
 * error refuses `settings.save`. Loading or discarding bumps `revision`, so the view remounts the schedule editor.
 */
export const notificationSettingsMachine = createSettingsFormMachine<
  NotificationSettings,
  NotificationSettingsInput,
  NotificationEdit,
  never,
  Pick<NotificationSettingsContext, 'timeZone' | 'patternError' | 'revision'>,
  NotificationSettingsInputs
>({
  id: 'notificationSettings',
  load: loadSettings,
  save: saveSettings,
  extra: (input) => ({ timeZone: input.timeZone, patternError: null, revision: 0 }),
  draftOf: storedDraft,
  loadedDraft: (settings, context) => draftOf(settings, context.timeZone),
  replaced: (context) => ({ patternError: null, revision: context.revision + 1 }),
  canSave: (context) => context.patternError === null,
  edits: {
    'category.toggle': ({ draft }, toggle) => ({
      draft: { ...draft!, [toggle.channel]: { ...draft![toggle.channel], [toggle.category]: toggle.enabled } },
    }),
    // A hidden editor cannot show its error, and its pattern is still the last good one.
    'digest.toggle': ({ draft }, toggle) => ({
      draft: { ...draft!, digest: { ...draft!.digest, enabled: toggle.enabled } },
      patternError: null,
    }),
    'schedule.changed': ({ draft, fieldErrors }, change) => ({
      draft: { ...draft!, digest: { ...draft!.digest, pattern: change.pattern, period: periodOf(change.pattern) } },
      patternError: null,
      fieldErrors: withoutField(fieldErrors, 'digest.pattern'),
    }),
    'schedule.rejected': (_, rejection) => ({ patternError: rejection.error }),
  },
});
