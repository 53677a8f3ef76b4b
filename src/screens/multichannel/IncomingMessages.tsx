import { Alert, Anchor, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { MESSAGE_LOG_COUNT_CAP } from '../../../shared/reports.ts';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import {
  readIncomingMessage,
  readIncomingPage,
  watchIncoming,
} from '../../machines/incomingMessage/incomingMessage.actors.ts';
import { incomingMessageMachine } from '../../machines/incomingMessage/incomingMessage.machine.ts';
import type { IncomingMessageRow } from '../../machines/incomingMessage/incomingMessage.types.ts';
import { pagedListMachine } from '../../machines/pagedList/pagedList.machine.ts';
import { consoleMessages } from './console.messages.ts';
import { incomingMessages as m } from './incoming.messages.ts';
import { IncomingMessageDrawer } from './IncomingMessageDrawer.tsx';

const incomingList = pagedListMachine.provide({ actors: { readPage: readIncomingPage, watch: watchIncoming } });
const incomingMessage = incomingMessageMachine.provide({ actors: { readMessage: readIncomingMessage } });

/** Incoming messages (replies), newest first, searched by address or subject, page after page; one opens in a drawer. */
export function IncomingMessages() {
  const intl = useIntl();
  const list = useActorRef(incomingList, { ...actorOptions(), input: {} });
  const drawer = useActorRef(incomingMessage, actorOptions());
  const rows = useSelector(list, (s) => s.context.rows as IncomingMessageRow[]);
  const query = useSelector(list, (s) => s.context.query);
  const pagination = useSelector(list, (s) => s.context.pagination);
  const loading = useSelector(list, (s) => s.hasTag('busy'));
  const failed = useSelector(list, (s) => s.hasTag('error'));
  const canNext = useSelector(list, (s) => s.can({ type: 'list.next' }));
  const total = pagination?.total ?? 0;
  const date = (at: string) => intl.formatDate(at, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <Stack gap="md">
      <TextInput
        label={intl.formatMessage(m.search)}
        value={query.q ?? ''}
        onChange={(e) => list.send({ type: 'list.query', query: { ...query, q: e.currentTarget.value } })}
        maw={360}
      />
      {failed ? (
        <Alert color="red" title={intl.formatMessage(m.loadFailed)}>
          <Button size="xs" variant="light" onClick={() => list.send({ type: 'list.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Alert>
      ) : null}
      <div aria-busy={loading} data-testid="incoming-messages">
        {rows.length ? (
          <Table.ScrollContainer minWidth={860}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{intl.formatMessage(m.from)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.contact)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.subject)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.campaign)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.received)}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.from}</Table.Td>
                    <Table.Td>
                      {row.contactId ? (
                        <Anchor component={Link} to={`/contacts/show/${row.contactId}`}>
                          {row.contactName ?? row.from}
                        </Anchor>
                      ) : null}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {row.subject || intl.formatMessage(m.noSubject)}
                      </Text>
                      <Text size="xs" c="dimmed" lineClamp={2}>
                        {row.snippet}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.inReplyToMessageId ? (
                        <Anchor component={Link} to={`/multichannel/${row.channel}/report/${row.inReplyToMessageId}`}>
                          {row.campaign}
                        </Anchor>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{date(row.receivedAt)}</Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        aria-label={intl.formatMessage(m.readLabel, { from: row.from })}
                        onClick={() => drawer.send({ type: 'message.open', id: row.id })}
                      >
                        {intl.formatMessage(m.read)}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {!loading && !failed && !rows.length ? (
          <Text c="dimmed" py="lg">
            {intl.formatMessage(m.empty)}
          </Text>
        ) : null}
      </div>
      <Group justify="space-between">
        <Text size="sm">
          {intl.formatMessage(m.total, { count: total, more: total >= MESSAGE_LOG_COUNT_CAP ? 'yes' : 'no' })}
        </Text>
        <Group>
          <Button
            variant="default"
            disabled={(pagination?.page ?? 1) <= 1}
            onClick={() => list.send({ type: 'list.page', page: 1 })}
          >
            {intl.formatMessage(consoleMessages.first)}
          </Button>
          <Button variant="default" disabled={!canNext} onClick={() => list.send({ type: 'list.next' })}>
            {intl.formatMessage(consoleMessages.next)}
          </Button>
        </Group>
      </Group>
      <IncomingMessageDrawer actor={drawer} />
    </Stack>
  );
}
