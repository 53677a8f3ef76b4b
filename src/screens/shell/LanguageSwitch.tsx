import { Button, Group } from '@mantine/core';
import { useIntl } from 'react-intl';
import { SessionActor } from '../../app/actors.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { LANGUAGES, resolveLanguage, type Language } from '../../i18n/languages.ts';
import { loadMessages } from '../../i18n/loadMessages.ts';
import { selectLanguage } from '../../machines/session/session.selectors.ts';

const NAMES = { en: commonMessages.languageEn, it: commonMessages.languageIt } as const;
const SHORT: Record<Language, string> = { en: 'EN', it: 'IT' };

/** English / Italiano as toggle buttons. The new language's messages load first, so the page never blanks. */
export function LanguageSwitch() {
  const intl = useIntl();
  const session = SessionActor.useActorRef();
  const language = resolveLanguage(SessionActor.useSelector(selectLanguage));
  const choose = (value: Language) => {
    void loadMessages(value).then(() => session.send({ type: 'language.change', language: value }));
  };
  return (
    <Group gap={4} role="group" aria-label={intl.formatMessage(commonMessages.languageLabel)} wrap="nowrap">
      {LANGUAGES.map((value) => (
        <Button
          key={value}
          size="compact-xs"
          variant={value === language ? 'filled' : 'subtle'}
          aria-pressed={value === language}
          aria-label={intl.formatMessage(NAMES[value])}
          lang={value}
          onClick={() => choose(value)}
        >
          {SHORT[value]}
        </Button>
      ))}
    </Group>
  );
}
