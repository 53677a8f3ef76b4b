// Types shared by the unsubscribeSettings machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';
import type { UnsubscribeLanguage } from '../../../shared/unsubscribe';
import type {
  SaveOutcome as BaseSaveOutcome,
  SettingsFormCommand,
  SettingsFormContext,
  SettingsFormError,
} from '../settingsForm/settingsForm.types.ts';

export type UnsubscribeSettings = components['schemas']['UnsubscribeSettings'];
export type UnsubscribeTextField = keyof components['schemas']['UnsubscribeTexts'];
export type UnsubscribeColourField = keyof UnsubscribeSettings['colours'];
export type { UnsubscribeLanguage };

export type { FieldErrors } from '../settingsForm/settingsForm.types.ts';

export type SaveOutcome = BaseSaveOutcome<UnsubscribeSettings>;

export type UnsubscribeSettingsError = SettingsFormError;

export interface UnsubscribeSettingsContext extends SettingsFormContext<UnsubscribeSettings, UnsubscribeSettings> {
  /** The language whose texts are edited and previewed. */
  language: UnsubscribeLanguage;
}

/** Changes of the draft. */
export type UnsubscribeEdit =
  | { type: 'text.change'; language: UnsubscribeLanguage; field: UnsubscribeTextField; value: string }
  | { type: 'colour.change'; field: UnsubscribeColourField; value: string }
  | { type: 'lists.toggle'; enabled: boolean };

/** The language previewed: a view choice, never a change. */
export type UnsubscribeView = { type: 'language.select'; language: UnsubscribeLanguage };

export type UnsubscribeSettingsEvent = SettingsFormCommand | UnsubscribeEdit | UnsubscribeView;
