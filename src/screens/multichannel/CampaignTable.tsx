import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { components } from '../../../shared/contract/schema';
import { consoleMessages as m } from './console.messages.ts';
import { STATUS_COLOURS, STATUS_LABELS, TYPE_LABELS } from './labels.ts';

type CampaignRow = components['schemas']['CampaignRow'];

/** Where a campaign opens: a draft in the wizard, any other in its report. */
export const campaignHref = (row: Pick<CampaignRow, 'channel' | 'id' | 'status'>) =>
  row.status === 'draft' ? `/multichannel/${row.channel}/${row.id}` : `/multichannel/${row.channel}/report/${row.id}`;

/** The console's campaigns with their headline figures and the row's action. */
export function CampaignTable({ rows }: { rows: CampaignRow[] }) {
  const intl = useIntl();
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table striped highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(m.columnName)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.columnStatus)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.columnType)}</Table.Th>
            <Table.Th ta="right">{intl.formatMessage(m.columnRecipients)}</Table.Th>
            <Table.Th ta="right">{intl.formatMessage(m.columnOpens)}</Table.Th>
            <Table.Th ta="right">{intl.formatMessage(m.columnClicks)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.columnDate)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.columnActions)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id} data-status={row.status}>
              <Table.Td>
                <Anchor component={Link} to={campaignHref(row)} fw={500}>
                  {row.name}
                </Anchor>
                {row.subject ? (
                  <Text size="xs" c="dimmed">
                    {row.subject}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOURS[row.status]} variant="light">
                  {intl.formatMessage(STATUS_LABELS[row.status])}
                </Badge>
              </Table.Td>
              <Table.Td>{intl.formatMessage(TYPE_LABELS[row.type])}</Table.Td>
              <Table.Td ta="right">{intl.formatNumber(row.recipients)}</Table.Td>
              <Table.Td ta="right">{intl.formatMessage(m.figure, { count: row.opened, rate: row.openRate })}</Table.Td>
              <Table.Td ta="right">
                {intl.formatMessage(m.figure, { count: row.clicked, rate: row.clickRate })}
              </Table.Td>
              <Table.Td>
                {intl.formatDate(row.sentAt ?? row.scheduledAt ?? row.createdAt, { dateStyle: 'medium' })}
              </Table.Td>
              <Table.Td>
                <Button
                  component={Link}
                  to={campaignHref(row)}
                  size="xs"
                  variant="light"
                  aria-label={intl.formatMessage(row.status === 'draft' ? m.edit : m.report, { name: row.name })}
                >
                  {intl.formatMessage(row.status === 'draft' ? m.editShort : m.reportShort)}
                </Button>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
