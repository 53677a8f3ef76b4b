// Types shared by the unsubscribeSettings machine and its actors, so neither module imports the other back.
import type { components } from '../../../shared/contract/schema';
import type { UnsubscribeLanguage } from '../../../shared/unsubscribe';

export type UnsubscribeSettings = components['schemas']['UnsubscribeSettings'];
export type UnsubscribeTextField = keyof components['schemas']['UnsubscribeTexts'];
export type UnsubscribeColourField = keyof UnsubscribeSettings['colours'];
export type { UnsubscribeLanguage };

/** A 422's field errors: the first message of each field (`texts.it.title`), as the server sent them. */
export type FieldErrors = Record<string, string>;

export type SaveOutcome = { kind: 'saved'; settings: UnsubscribeSettings } | { kind: 'rejected'; errors: FieldErrors };

export type UnsubscribeSettingsError = 'loadFailed' | 'saveFailed';

export interface UnsubscribeSettingsContext {
  saved: UnsubscribeSettings | null;
  draft: UnsubscribeSettings | null;
  /** The language whose texts are edited and previewed. */
  language: UnsubscribeLanguage;
  fieldErrors: FieldErrors;
  error: UnsubscribeSettingsError | null;
}

export type UnsubscribeSettingsEvent =
  | { type: 'settings.retry' }
  | { type: 'language.select'; language: UnsubscribeLanguage }
  | { type: 'text.change'; language: UnsubscribeLanguage; field: UnsubscribeTextField; value: string }
  | { type: 'colour.change'; field: UnsubscribeColourField; value: string }
  | { type: 'lists.toggle'; enabled: boolean }
  | { type: 'settings.save' }
  | { type: 'settings.discard' };
