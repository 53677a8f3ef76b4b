import { Anchor, Button, Group, Loader, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import { BILLING_CHANNELS } from '../../../shared/billing.ts';
import type { Channel } from '../../../shared/messaging.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import type { LedgerEntry, LedgerFilter, LedgerPage } from '../../machines/billing/billing.types.ts';
import { billingMessages as m } from './BillingScreen.messages.ts';
import { CHANNEL_LABEL, KIND_LABEL } from './billingLabels.ts';

interface LedgerTableProps {
  filter: LedgerFilter;
  ledger: LedgerPage;
  /** The machine accepts filter, page and export events (it is in `ready`). */
  ready: boolean;
  loading: boolean;
  onFilter: (channel: Channel | null) => void;
  onPage: (page: number) => void;
  onExport: () => void;
}

/** A debit links to its campaign's report; anything else shows the operator's reason. */
function Detail({ entry }: { entry: LedgerEntry }) {
  const intl = useIntl();
  if (entry.messageId !== null) {
    return (
      <Anchor component={Link} to={`/multichannel/${entry.channel}/report/${entry.messageId}/summary`}>
        {intl.formatMessage(m.campaign, { id: entry.messageId })}
      </Anchor>
    );
  }
  return <>{entry.reason ?? '—'}</>;
}

/** The credit ledger, newest first: a channel filter, CSV export, the table and its pages. */
export function LedgerTable(props: LedgerTableProps) {
  const intl = useIntl();
  const { filter, ledger } = props;
  const channelLabel = (c: Channel) => intl.formatMessage(CHANNEL_LABEL[c]);
  return (
    <Stack gap="sm" aria-busy={props.loading}>
      <Group justify="space-between" align="flex-end">
        <Title order={2} size="h4">
          {intl.formatMessage(m.ledgerTitle)}
        </Title>
        <Group align="flex-end" gap="sm">
          <Select
            label={intl.formatMessage(m.channelFilter)}
            value={filter.channel ?? ''}
            allowDeselect={false}
            disabled={!props.ready}
            data={[
              { value: '', label: intl.formatMessage(m.allChannels) },
              ...BILLING_CHANNELS.map((c) => ({ value: c, label: channelLabel(c) })),
            ]}
            onChange={(value) => props.onFilter((value || null) as Channel | null)}
          />
          <Button variant="default" disabled={!props.ready || !ledger.total} onClick={props.onExport}>
            {intl.formatMessage(m.export)}
          </Button>
        </Group>
      </Group>
      {props.loading ? <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} /> : null}
      {!ledger.entries.length ? <Text>{intl.formatMessage(m.ledgerEmpty)}</Text> : null}
      {ledger.entries.length ? (
        <Table.ScrollContainer minWidth={640}>
          <Table aria-label={intl.formatMessage(m.ledgerTitle)}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{intl.formatMessage(m.date)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.channelFilter)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.kind)}</Table.Th>
                <Table.Th ta="right">{intl.formatMessage(m.amount)}</Table.Th>
                <Table.Th ta="right">{intl.formatMessage(m.balanceAfter)}</Table.Th>
                <Table.Th>{intl.formatMessage(m.detail)}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {ledger.entries.map((e) => (
                <Table.Tr key={e.id} data-kind={e.kind}>
                  <Table.Td>{intl.formatDate(e.createdAt, { dateStyle: 'short', timeStyle: 'short' })}</Table.Td>
                  <Table.Td>{channelLabel(e.channel)}</Table.Td>
                  <Table.Td>{intl.formatMessage(KIND_LABEL[e.kind])}</Table.Td>
                  <Table.Td ta="right" c={e.amount < 0 ? 'red.8' : 'teal.9'}>
                    {intl.formatNumber(e.amount, { signDisplay: 'exceptZero' })}
                  </Table.Td>
                  <Table.Td ta="right">{e.balanceAfter === null ? '—' : intl.formatNumber(e.balanceAfter)}</Table.Td>
                  <Table.Td>
                    <Detail entry={e} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      {ledger.pages > 1 ? (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={!props.ready || filter.page <= 1}
            onClick={() => props.onPage(filter.page - 1)}
          >
            {intl.formatMessage(m.previous)}
          </Button>
          <Text size="sm">{intl.formatMessage(m.pageOf, { page: filter.page, pages: ledger.pages })}</Text>
          <Button
            size="xs"
            variant="default"
            disabled={!props.ready || filter.page >= ledger.pages}
            onClick={() => props.onPage(filter.page + 1)}
          >
            {intl.formatMessage(m.next)}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
