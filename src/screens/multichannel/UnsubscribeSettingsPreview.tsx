import { Stack, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { unsubscribeSettingsMachine } from '../../machines/unsubscribeSettings/unsubscribeSettings.machine.ts';
import { selectDraft, selectLanguage } from '../../machines/unsubscribeSettings/unsubscribeSettings.selectors.ts';
import { unsubscribePageHtml } from '../../../shared/unsubscribe.ts';
import { unsubscribeSettingsMessages as m } from './UnsubscribeSettingsScreen.messages.ts';

type Actor = ActorRefFrom<typeof unsubscribeSettingsMachine>;

/**
 * The page as a contact will see it: the server's own HTML (shared/unsubscribe.ts) of the draft, in a sandboxed
 * frame with no scripts and no form submission, updated on every change.
 */
export function UnsubscribeSettingsPreview({ actor }: { actor: Actor }) {
  const intl = useIntl();
  const draft = useSelector(actor, selectDraft);
  const language = useSelector(actor, selectLanguage);
  const sample = intl.formatMessage(m.sampleList);
  const html = useMemo(
    () =>
      draft
        ? unsubscribePageHtml({
            settings: draft,
            language,
            view: 'form',
            action: '#',
            lists: [{ id: 1, name: sample }],
          })
        : '',
    [draft, language, sample],
  );
  if (!draft) return null;
  return (
    <Stack gap="xs">
      <Text fw={600}>{intl.formatMessage(m.preview)}</Text>
      <iframe
        title={intl.formatMessage(m.previewFrame)}
        sandbox=""
        srcDoc={html}
        style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-default-border)', borderRadius: 8 }}
      />
    </Stack>
  );
}
