import { use, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { DEFAULT_LANGUAGE, type Language } from './languages.ts';
import { loadMessages } from './loadMessages.ts';

function onIntlError(error: { code?: string }): void {
  // Missing translations fall back to the English default message; anything else is a real fault.
  if (error.code === 'MISSING_TRANSLATION') return;
  console.error(error);
}

/** react-intl for the current language; suspends until its messages are loaded (English is always ready). */
export function I18nProvider({ language, children }: { language: Language; children: ReactNode }) {
  const messages = use(loadMessages(language));
  return (
    <IntlProvider locale={language} defaultLocale={DEFAULT_LANGUAGE} messages={messages} onError={onIntlError}>
      {children}
    </IntlProvider>
  );
}
