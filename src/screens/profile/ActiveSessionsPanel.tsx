import { Alert, Badge, Button, Group, Paper, Stack, Table, Title } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { actorOptions } from '../../app/inspect.ts';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { commonMessages } from '../../i18n/common.messages.ts';
import { activeSessionsMachine } from '../../machines/activeSessions/activeSessions.machine.ts';
import { profileMessages as m } from './ProfileScreen.messages.ts';

/** The user's sessions: device, address, last seen; sign out one, or every other after a confirmation. */
export function ActiveSessionsPanel() {
  const intl = useIntl();
  const actor = useActorRef(activeSessionsMachine, actorOptions());
  const sessions = useSelector(actor, (s) => s.context.sessions);
  const error = useSelector(actor, (s) => s.context.error);
  const target = useSelector(actor, (s) => s.context.target);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(
    actor,
    (s) => s.matches('confirmingOthers') || (s.matches('revoking') && s.context.target === 'others'),
  );
  const canRevokeOthers = useSelector(actor, (s) => s.can({ type: 'others.revoke' }));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="profile-sessions" aria-busy={busy}>
      <Stack>
        <Group justify="space-between">
          <Title order={2} size="h4" id="profile-sessions">
            {intl.formatMessage(m.sessions)}
          </Title>
          <Button
            color="red"
            variant="light"
            disabled={!canRevokeOthers}
            onClick={() => actor.send({ type: 'others.revoke' })}
          >
            {intl.formatMessage(m.signOutOthers)}
          </Button>
        </Group>
        {loadFailed ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(m.sessionsFailed)}{' '}
            <Button size="xs" variant="subtle" onClick={() => actor.send({ type: 'sessions.retry' })}>
              {intl.formatMessage(m.retry)}
            </Button>
          </Alert>
        ) : null}
        {error === 'revokeFailed' ? (
          <Alert color="red" role="alert">
            {intl.formatMessage(m.revokeFailed)}
          </Alert>
        ) : null}
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(m.device)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.address)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.lastSeen)}</Table.Th>
              <Table.Th aria-label={intl.formatMessage(m.signOut)} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sessions.map((session) => (
              <Table.Tr key={session.id} data-current={session.current || undefined}>
                <Table.Td>
                  {session.device || intl.formatMessage(m.unknownDevice)}{' '}
                  {session.current ? <Badge variant="light">{intl.formatMessage(m.thisDevice)}</Badge> : null}
                </Table.Td>
                <Table.Td>{session.address ?? '—'}</Table.Td>
                <Table.Td>{intl.formatDate(session.lastSeenAt, { dateStyle: 'medium', timeStyle: 'short' })}</Table.Td>
                <Table.Td>
                  {session.current ? null : (
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      loading={target === session.id}
                      onClick={() => actor.send({ type: 'session.revoke', sessionId: session.id })}
                    >
                      {intl.formatMessage(m.signOut)}
                    </Button>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(m.signOutOthers)}
        text={intl.formatMessage(m.signOutOthersText)}
        confirmLabel={intl.formatMessage(m.signOut)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={target === 'others'}
        onConfirm={() => actor.send({ type: 'others.confirm' })}
        onCancel={() => actor.send({ type: 'others.cancel' })}
      />
    </Paper>
  );
}
