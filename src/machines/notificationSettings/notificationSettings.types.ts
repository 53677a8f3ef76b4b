// Types shared by the notificationSettings machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';
import type { ScheduleError } from '../../../shared/cron';
import type {
  SaveOutcome as BaseSaveOutcome,
  SettingsFormCommand,
  SettingsFormContext,
  SettingsFormError,
} from '../settingsForm/settingsForm.types.ts';

export type NotificationSettings = components['schemas']['NotificationSettings'];

export type NotificationSettingsInput = components['schemas']['NotificationSettingsInput'];

export type Channel = 'inApp' | 'email';

export type Category = keyof components['schemas']['NotificationCategories'];

/** A 422's field errors: the first message of each field (`digest.pattern` → 'invalid pattern'), as the server's codes. */
export type { FieldErrors } from '../settingsForm/settingsForm.types.ts';

export type SaveOutcome = BaseSaveOutcome<NotificationSettings>;

export type NotificationSettingsError = SettingsFormError;

export interface NotificationSettingsInputs {
  /** The browser's IANA time zone: the digest schedule is stored in it. */
  timeZone: string;
}

export interface NotificationSettingsContext extends SettingsFormContext<
  NotificationSettings,
  NotificationSettingsInput
> {
  timeZone: string;
  /** The schedule editor's current error; while set, Save is refused. */
  patternError: ScheduleError | null;
  /** Bumped whenever the draft is replaced from outside the editor (load, discard): the view remounts the editor. */
  revision: number;
}

/** Changes of the draft, and the schedule editor's outcomes. */
export type NotificationEdit =
  | { type: 'category.toggle'; channel: Channel; category: Category; enabled: boolean }
  | { type: 'digest.toggle'; enabled: boolean }
  | { type: 'schedule.changed'; pattern: string }
  | { type: 'schedule.rejected'; error: ScheduleError };

export type NotificationSettingsEvent = SettingsFormCommand | NotificationEdit;
