import { Alert, Anchor, Button, Drawer, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { commonMessages } from '../../i18n/common.messages.ts';
import type { incomingMessageMachine } from '../../machines/incomingMessage/incomingMessage.machine.ts';
import { incomingMessages as m } from './incoming.messages.ts';

interface IncomingMessageDrawerProps {
  actor: ActorRefFrom<typeof incomingMessageMachine>;
}

/**
 * One incoming message: sender, contact, the campaign it answers and its body as plain text. The server never sends
 * the HTML; the text is rendered as text (React escapes it), kept in its lines.
 */
export function IncomingMessageDrawer({ actor }: IncomingMessageDrawerProps) {
  const intl = useIntl();
  const opened = useSelector(actor, (s) => !s.matches('closed'));
  const message = useSelector(actor, (s) => s.context.message);
  const loading = useSelector(actor, (s) => s.hasTag('busy'));
  const failed = useSelector(actor, (s) => s.hasTag('error'));
  return (
    <Drawer
      opened={opened}
      onClose={() => actor.send({ type: 'message.close' })}
      position="right"
      size="lg"
      title={intl.formatMessage(m.drawerTitle)}
      closeButtonProps={{ 'aria-label': intl.formatMessage(commonMessages.close) }}
    >
      {loading ? <Loader size="sm" aria-label={intl.formatMessage(m.drawerTitle)} /> : null}
      {failed ? (
        <Alert color="red" role="alert" title={intl.formatMessage(m.messageFailed)}>
          <Button size="xs" variant="light" onClick={() => actor.send({ type: 'message.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Alert>
      ) : null}
      {message ? (
        <Stack gap="sm" data-testid="incoming-message">
          <Title order={3} size="h4">
            {message.subject || intl.formatMessage(m.noSubject)}
          </Title>
          <Group gap="xs">
            <Text size="sm" fw={500}>
              {intl.formatMessage(m.from)}
            </Text>
            <Text size="sm">{message.from}</Text>
            {message.contactId ? (
              <Anchor size="sm" component={Link} to={`/contacts/show/${message.contactId}`}>
                {message.contactName ?? message.from}
              </Anchor>
            ) : null}
          </Group>
          {message.to ? (
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {intl.formatMessage(m.to)}
              </Text>
              <Text size="sm" style={{ wordBreak: 'break-all' }}>
                {message.to}
              </Text>
            </Group>
          ) : null}
          {message.inReplyToMessageId ? (
            <Group gap="xs">
              <Text size="sm" fw={500}>
                {intl.formatMessage(m.campaign)}
              </Text>
              <Anchor
                size="sm"
                component={Link}
                to={`/multichannel/${message.channel}/report/${message.inReplyToMessageId}`}
              >
                {message.campaign}
              </Anchor>
            </Group>
          ) : null}
          <Text size="sm" c="dimmed">
            {intl.formatDate(message.receivedAt, { dateStyle: 'medium', timeStyle: 'short' })}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message.text || intl.formatMessage(m.emptyText)}
          </Text>
        </Stack>
      ) : null}
    </Drawer>
  );
}
