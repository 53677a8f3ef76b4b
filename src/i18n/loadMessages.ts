import type { Language } from './languages.ts';

export type Messages = Record<string, string>;

/**
 * English renders from each message's default text (en.json is the same catalogue, kept for translators and checked
 * by a test), so the first page carries no second copy of it. Italian is loaded on demand. Same promise every time.
 */
const cache = new Map<Language, Promise<Messages>>([['en', Promise.resolve({})]]);

export function loadMessages(language: Language): Promise<Messages> {
  let messages = cache.get(language);
  if (!messages) {
    messages = import('./it.json').then((m) => m.default as Messages);
    cache.set(language, messages);
  }
  return messages;
}
