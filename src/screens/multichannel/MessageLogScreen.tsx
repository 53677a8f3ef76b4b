import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  SegmentedControl,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link, useSearchParams } from 'react-router';
import type { components } from '../../../shared/contract/schema';
import { DELIVERY_STATES } from '../../../shared/messaging.ts';
import { MESSAGE_LOG_COUNT_CAP } from '../../../shared/reports.ts';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { readMessageLog } from '../../machines/pagedList/pagedList.actors.ts';
import { pagedListMachine } from '../../machines/pagedList/pagedList.machine.ts';
import { consoleMessages as m } from './console.messages.ts';
import { DELIVERY_LABELS } from './labels.ts';
import { incomingMessages } from './incoming.messages.ts';
import { IncomingMessages } from './IncomingMessages.tsx';

type MessageLogEntry = components['schemas']['MessageLogEntry'];
const logList = pagedListMachine.provide({ actors: { readPage: readMessageLog } });

/**
 * The message log, outgoing or incoming (`?view=incoming`, so the view is a link): outgoing lists every recipient's
 * message across campaigns; incoming lists the replies that came back.
 */
export function MessageLogScreen() {
  const intl = useIntl();
  const [params, setParams] = useSearchParams();
  const view = params.get('view') === 'incoming' ? 'incoming' : 'outgoing';
  return (
    <Stack gap="md">
      <SegmentedControl
        aria-label={intl.formatMessage(incomingMessages.view)}
        w="fit-content"
        value={view}
        onChange={(value) => setParams(value === 'incoming' ? { view: value } : {}, { replace: true })}
        data={[
          { value: 'outgoing', label: intl.formatMessage(incomingMessages.outgoing) },
          { value: 'incoming', label: intl.formatMessage(incomingMessages.incoming) },
        ]}
      />
      {view === 'incoming' ? <IncomingMessages /> : <OutgoingLog />}
    </Stack>
  );
}

/** Every recipient's message across campaigns, searched by address, by state, page after page. */
function OutgoingLog() {
  const intl = useIntl();
  const list = useActorRef(logList, { ...actorOptions(), input: {} });
  const rows = useSelector(list, (s) => s.context.rows as MessageLogEntry[]);
  const query = useSelector(list, (s) => s.context.query);
  const pagination = useSelector(list, (s) => s.context.pagination);
  const loading = useSelector(list, (s) => s.hasTag('busy'));
  const failed = useSelector(list, (s) => s.hasTag('error'));
  const canNext = useSelector(list, (s) => s.can({ type: 'list.next' }));
  const set = (key: string, value: string | null) =>
    list.send({ type: 'list.query', query: { ...query, [key]: value ?? '' } });
  const total = pagination?.total ?? 0;
  return (
    <Stack gap="md">
      <Group align="flex-end">
        <TextInput
          label={intl.formatMessage(m.logSearch)}
          value={query.q ?? ''}
          onChange={(e) => set('q', e.currentTarget.value)}
        />
        <Select
          label={intl.formatMessage(m.logState)}
          placeholder={intl.formatMessage(m.logAnyState)}
          data={DELIVERY_STATES.map((s) => ({ value: s, label: intl.formatMessage(DELIVERY_LABELS[s]) }))}
          value={query.state || null}
          onChange={(value) => set('state', value)}
          clearable
        />
      </Group>
      {failed ? (
        <Alert color="red" title={intl.formatMessage(m.loadFailed)}>
          <Button size="xs" variant="light" onClick={() => list.send({ type: 'list.retry' })}>
            {intl.formatMessage(commonMessages.retry)}
          </Button>
        </Alert>
      ) : null}
      <div aria-busy={loading} data-testid="message-log">
        {rows.length ? (
          <Table.ScrollContainer minWidth={760}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{intl.formatMessage(m.logAddress)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.logCampaign)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.logState)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.logResponse)}</Table.Th>
                  <Table.Th>{intl.formatMessage(m.logSent)}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.id}>
                    <Table.Td>{row.address}</Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/multichannel/${row.channel}/report/${row.messageId}`}>
                        {row.campaign}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light">{intl.formatMessage(DELIVERY_LABELS[row.state])}</Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace">
                        {row.providerResponse ?? ''}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {row.sentAt ? intl.formatDate(row.sentAt, { dateStyle: 'medium', timeStyle: 'short' }) : ''}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}
        {!loading && !failed && !rows.length ? (
          <Text c="dimmed" py="lg">
            {intl.formatMessage(m.logEmpty)}
          </Text>
        ) : null}
      </div>
      <Group justify="space-between">
        <Text size="sm">
          {intl.formatMessage(m.logTotal, { count: total, more: total >= MESSAGE_LOG_COUNT_CAP ? 'yes' : 'no' })}
        </Text>
        <Group>
          <Button
            variant="default"
            disabled={(pagination?.page ?? 1) <= 1}
            onClick={() => list.send({ type: 'list.page', page: 1 })}
          >
            {intl.formatMessage(m.first)}
          </Button>
          <Button variant="default" disabled={!canNext} onClick={() => list.send({ type: 'list.next' })}>
            {intl.formatMessage(m.next)}
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
