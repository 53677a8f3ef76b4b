import { Anchor, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { sendersMessages as m } from './SendersScreen.messages.ts';

const SECTIONS = [
  { to: '/multichannel/settings/senders', title: m.settingsSenders, text: m.settingsSendersText },
  { to: '/multichannel/settings/unsubscribe', title: m.settingsUnsubscribe, text: m.settingsUnsubscribeText },
] as const;

/** Multichannel → Settings: what can be set for messaging, each a link to its page. */
export function MessagingSettingsScreen() {
  const intl = useIntl();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} maw={900}>
      {SECTIONS.map((section) => (
        <Paper key={section.to} withBorder p="lg" radius="md">
          <Stack gap="xs">
            <Title order={2} size="h4">
              <Anchor component={Link} to={section.to}>
                {intl.formatMessage(section.title)}
              </Anchor>
            </Title>
            <Text c="dimmed">{intl.formatMessage(section.text)}</Text>
          </Stack>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
