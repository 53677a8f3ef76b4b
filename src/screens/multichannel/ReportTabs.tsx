import { BarChart } from '@mantine/charts';
import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  Pagination,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { REPORT_FILTERS, type ReportFilterName } from '../../../shared/reports.ts';
import { actorOptions } from '../../app/inspect.ts';
import type { ReportRecipient } from '../../machines/messageReport/messageReport.machine.ts';
import { readReportRecipients } from '../../machines/pagedList/pagedList.actors.ts';
import { pagedListMachine } from '../../machines/pagedList/pagedList.machine.ts';
import type { ReportActor } from './reportActor.ts';
import { FILTER_LABELS, RECIPIENT_LABELS } from './labels.ts';
import { reportMessages as m } from './report.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

interface TabProps {
  report: ReportActor;
}

function Figure({
  label,
  value,
  rate,
  hint,
}: {
  label: MessageDescriptor;
  value: number;
  rate?: number;
  hint?: string;
}) {
  const intl = useIntl();
  return (
    <Card withBorder padding="sm">
      <Text size="sm" c="dimmed">
        {intl.formatMessage(label)}
      </Text>
      <Text fw={700} size="xl">
        {intl.formatNumber(value)}
      </Text>
      {rate === undefined ? null : <Text size="sm">{intl.formatMessage(m.rate, { rate })}</Text>}
      {hint ? (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      ) : null}
    </Card>
  );
}

/** Delivery, opens (human and machine apart), clicks, unsubscribes, bounces, complaints, and what is pending. */
export function ReportSummary({ report }: TabProps) {
  const intl = useIntl();
  const s = useSelector(report, (snapshot) => snapshot.context.data!.summary);
  return (
    <Stack>
      <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} data-testid="report-summary">
        <Figure label={m.recipients} value={s.recipients} />
        <Figure label={m.delivered} value={s.delivered} rate={s.rates.delivered} />
        <Figure label={m.notDelivered} value={s.notDelivered} />
        <Figure
          label={m.opened}
          value={s.opened}
          rate={s.rates.opened}
          hint={intl.formatMessage(m.opensTotal, { count: s.opens })}
        />
        <Figure label={m.openedMachine} value={s.openedMachine} hint={intl.formatMessage(m.openedMachineHint)} />
        <Figure
          label={m.clickedFigure}
          value={s.clicked}
          rate={s.rates.clicked}
          hint={intl.formatMessage(m.clicksTotal, { count: s.clicks })}
        />
        <Figure label={m.unsubscribed} value={s.unsubscribed} rate={s.rates.unsubscribed} />
        <Figure label={m.blocklisted} value={s.blocklisted} />
        <Figure label={m.bounced} value={s.bounced} rate={s.rates.bounced} />
        <Figure label={m.complained} value={s.complained} rate={s.rates.complained} />
      </SimpleGrid>
      {s.pending.total > 0 || s.pending.paused ? (
        <Card withBorder data-testid="report-pending">
          <Text fw={600}>{intl.formatMessage(m.pendingTitle, { count: s.pending.total })}</Text>
          {s.pending.queued ? (
            <Text size="sm">{intl.formatMessage(m.pendingQueued, { count: s.pending.queued })}</Text>
          ) : null}
          {s.pending.deferred ? (
            <Text size="sm">{intl.formatMessage(m.pendingDeferred, { count: s.pending.deferred })}</Text>
          ) : null}
          {s.pending.waiting ? (
            <Text size="sm">{intl.formatMessage(m.pendingWaiting, { count: s.pending.waiting })}</Text>
          ) : null}
          {s.pending.paused ? <Text size="sm">{intl.formatMessage(m.pendingPaused)}</Text> : null}
        </Card>
      ) : null}
    </Stack>
  );
}

/** Opens and clicks over time: the first 24 hours hour by hour, then day by day (@mantine/charts, this chunk only). */
export function ReportTimeline({ report }: TabProps) {
  const intl = useIntl();
  const buckets = useSelector(report, (snapshot) => snapshot.context.data!.timeline);
  if (!buckets.length || buckets.every((b) => !b.opens && !b.clicks && !b.machineOpens))
    return <Text c="dimmed">{intl.formatMessage(buckets.length ? m.chartEmpty : m.notSent)}</Text>;
  const data = buckets.map((b) => ({
    at: b.unit === 'hour' ? intl.formatTime(b.at) : intl.formatDate(b.at, { day: 'numeric', month: 'short' }),
    opens: b.opens,
    clicks: b.clicks,
    machine: b.machineOpens,
  }));
  return (
    <Stack>
      <Text fw={600}>{intl.formatMessage(m.chartTitle)}</Text>
      <Text size="sm" c="dimmed">
        {intl.formatMessage(m.chartHint)}
      </Text>
      <div data-testid="report-chart" role="img" aria-label={intl.formatMessage(m.chartTitle)}>
        <BarChart
          h={300}
          data={data}
          dataKey="at"
          withLegend
          series={[
            { name: 'opens', label: intl.formatMessage(m.chartOpens), color: 'blue.6' },
            { name: 'clicks', label: intl.formatMessage(m.chartClicks), color: 'teal.6' },
            { name: 'machine', label: intl.formatMessage(m.chartMachine), color: 'gray.5' },
          ]}
        />
      </div>
    </Stack>
  );
}

/** Clicks per link, in the content's order. */
export function ReportClicked({ report }: TabProps) {
  const intl = useIntl();
  const links = useSelector(report, (snapshot) => snapshot.context.data!.links);
  if (!links.length) return <Text c="dimmed">{intl.formatMessage(m.noLinks)}</Text>;
  return (
    <Table striped data-testid="report-links">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{intl.formatMessage(m.link)}</Table.Th>
          <Table.Th ta="right">{intl.formatMessage(m.clicks)}</Table.Th>
          <Table.Th ta="right">{intl.formatMessage(m.clickers)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {links.map((link) => (
          <Table.Tr key={link.idx}>
            <Table.Td>
              <Anchor href={link.url} target="_blank" rel="noreferrer noopener">
                {link.url}
              </Anchor>
            </Table.Td>
            <Table.Td ta="right">{intl.formatNumber(link.clicks)}</Table.Td>
            <Table.Td ta="right">{intl.formatNumber(link.clickers)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** Recipients by state, searched by address, paged, with the CSV export of the same filter and search. */
export function ReportRecipients({ report }: TabProps) {
  const intl = useIntl();
  const { channel, messageId } = report.getSnapshot().context;
  const list = useActorRef(
    pagedListMachine.provide({ actors: { readPage: readReportRecipients(channel, messageId) } }),
    {
      ...actorOptions(),
      input: { query: { filter: 'all' } },
    },
  );
  const rows = useSelector(list, (s) => s.context.rows as ReportRecipient[]);
  const query = useSelector(list, (s) => s.context.query);
  const pagination = useSelector(list, (s) => s.context.pagination);
  const loading = useSelector(list, (s) => s.hasTag('busy'));
  const exporting = useSelector(report, (s) => s.matches({ ready: 'exporting' }));
  const set = (key: string, value: string | null) =>
    list.send({ type: 'list.query', query: { ...query, [key]: value ?? '' } });
  const filter = (query.filter || 'all') as ReportFilterName;
  return (
    <Stack>
      <Group align="flex-end" justify="space-between">
        <Group align="flex-end">
          <Select
            label={intl.formatMessage(m.filter)}
            data={REPORT_FILTERS.map((f) => ({ value: f, label: intl.formatMessage(FILTER_LABELS[f]) }))}
            value={filter}
            onChange={(value) => set('filter', value ?? 'all')}
            allowDeselect={false}
          />
          <TextInput
            label={intl.formatMessage(m.search)}
            value={query.q ?? ''}
            onChange={(e) => set('q', e.currentTarget.value)}
          />
        </Group>
        <Permitted permission="contacts:export">
          <Button
            variant="default"
            loading={exporting}
            onClick={() => report.send({ type: 'report.export', request: { filter, q: query.q ?? '' } })}
          >
            {intl.formatMessage(m.export)}
          </Button>
        </Permitted>
      </Group>
      <div aria-busy={loading} data-testid="report-recipients">
        {rows.length ? (
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(m.address)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.state)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.openedAt)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.response)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>{row.address}</Table.Td>
                  <Table.Td>
                    <Badge variant="light">{intl.formatMessage(RECIPIENT_LABELS[row.state])}</Badge>
                  </Table.Td>
                  <Table.Td>
                    {row.openedAt ? intl.formatDate(row.openedAt, { dateStyle: 'short', timeStyle: 'short' }) : ''}
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" ff="monospace">
                      {row.providerResponse ?? ''}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : null}
        {!loading && !rows.length ? <Text c="dimmed">{intl.formatMessage(m.noRecipients)}</Text> : null}
      </div>
      {pagination && pagination.pages > 1 ? (
        <Pagination
          total={pagination.pages}
          value={pagination.page}
          onChange={(page) => list.send({ type: 'list.page', page })}
          aria-label={intl.formatMessage(m.openclicks)}
        />
      ) : null}
    </Stack>
  );
}
