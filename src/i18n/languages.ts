/** Interface languages: English (default) and Italian. Other stored languages fall back to English. */
export const LANGUAGES = ['en', 'it'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** The interface language for a stored last language (`it`, `it-ch` → Italian; anything else → English). */
export function resolveLanguage(stored: string | null | undefined): Language {
  const base = (stored ?? '').toLowerCase().split(/[-_]/)[0] ?? '';
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}
