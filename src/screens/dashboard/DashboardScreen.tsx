import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { SessionActor } from '../../app/actors.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { activeChannels, selectUser } from '../../machines/session/session.selectors.ts';
import { dashboardMessages as m } from './DashboardScreen.messages.ts';

const ENTRY_POINTS: Array<{ to: string; label: MessageDescriptor; description: MessageDescriptor }> = [
  { to: '/contacts', label: commonMessages.navContacts, description: m.contacts },
  { to: '/multichannel', label: commonMessages.navMultichannel, description: m.multichannel },
  { to: '/userflow', label: commonMessages.navUserflow, description: m.userflow },
  { to: '/workflows/list', label: commonMessages.navWorkflows, description: m.workflows },
  { to: '/cockpit', label: commonMessages.navCockpit, description: m.cockpit },
  { to: '/integrations/apikeys', label: commonMessages.navIntegrations, description: m.integrations },
];

/** A chip's text: the channel's type, then its name only where the user named it otherwise ("Email · Newsletter"). */
function channelLabel(type: string, typeLabel: string, name: string): string {
  const own = name.trim();
  const sameAsType = [type, typeLabel].some((t) => t.localeCompare(own, undefined, { sensitivity: 'accent' }) === 0);
  return own === '' || sameAsType ? typeLabel : `${typeLabel} · ${own}`;
}

/** Dashboard: a greeting, the company's active channels and the entry points to the areas. */
export function DashboardScreen() {
  const intl = useIntl();
  const user = SessionActor.useSelector(selectUser);
  if (!user) return null;
  const channels = activeChannels(user);
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={2} size="h3" data-testid="greeting">
          {intl.formatMessage(m.greeting, { name: user.firstName || user.email })}
        </Title>
        <Text c="dimmed">{intl.formatMessage(m.company, { company: user.memberOf.name })}</Text>
      </Stack>
      <section aria-labelledby="channels-title">
        <Title order={2} size="h4" id="channels-title" mb="sm">
          {intl.formatMessage(m.channelsTitle)}
        </Title>
        {channels.length === 0 ? (
          <Text c="dimmed">{intl.formatMessage(m.noChannels)}</Text>
        ) : (
          <Group
            gap="sm"
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            data-testid="active-channels"
          >
            {channels.map((c) => (
              <li key={c.id}>
                <Badge size="lg" variant="light" tt="none">
                  {channelLabel(c.type, intl.formatMessage(m.channelType, { type: c.type }), c.name)}
                </Badge>
              </li>
            ))}
          </Group>
        )}
      </section>
      <section aria-labelledby="areas-title">
        <Title order={2} size="h4" id="areas-title" mb="sm">
          {intl.formatMessage(m.areasTitle)}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {ENTRY_POINTS.map((entry) => (
            <Card key={entry.to} withBorder padding="lg">
              <Anchor component={Link} to={entry.to} fw={600}>
                {intl.formatMessage(entry.label)}
              </Anchor>
              <Text size="sm" c="dimmed" mt={4}>
                {intl.formatMessage(entry.description)}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}
