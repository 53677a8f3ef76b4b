import {
  ActionIcon,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  Tooltip,
} from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { senderSettingsMachine, SendingDomain } from '../../machines/senderSettings/senderSettings.machine.ts';
import {
  selectCanAct,
  selectCheckingDomainId,
  selectDomains,
} from '../../machines/senderSettings/senderSettings.selectors.ts';
import { sendersMessages as m } from './SendersScreen.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

type DnsRecord = SendingDomain['records'][number];

const KIND = { dkim: m.kindDkim, spf: m.kindSpf, dmarc: m.kindDmarc, returnPath: m.kindReturnPath } as const;
const STATUS = {
  found: { label: m.statusFound, color: 'teal' },
  missing: { label: m.statusMissing, color: 'red' },
  wrong: { label: m.statusWrong, color: 'orange' },
  unchecked: { label: m.statusUnchecked, color: 'gray' },
} as const;

/** A value with a copy button (the records are long; a DKIM key is ~400 characters). */
function Copyable({ value, label }: { value: string; label: string }) {
  const intl = useIntl();
  return (
    <Group gap={4} wrap="nowrap" align="flex-start">
      <Code style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Tooltip label={intl.formatMessage(copied ? m.copied : m.copy)} withArrow>
            <ActionIcon variant="subtle" size="sm" aria-label={label} onClick={copy} color={copied ? 'teal' : 'gray'}>
              <span aria-hidden>{copied ? '✓' : '⧉'}</span>
            </ActionIcon>
          </Tooltip>
        )}
      </CopyButton>
    </Group>
  );
}

function RecordRow({ record }: { record: DnsRecord }) {
  const intl = useIntl();
  const kind = intl.formatMessage(KIND[record.kind]);
  const status = STATUS[record.status];
  const copyOf = (what: MessageDescriptor) =>
    intl.formatMessage(m.copyOf, { what: intl.formatMessage(what), record: kind });
  return (
    <Table.Tr data-kind={record.kind} data-status={record.status}>
      <Table.Td>{kind}</Table.Td>
      <Table.Td>{record.type}</Table.Td>
      <Table.Td>
        <Copyable value={record.host} label={copyOf(m.host)} />
      </Table.Td>
      <Table.Td>
        <Copyable value={record.value} label={copyOf(m.value)} />
        {record.status === 'wrong' && record.seen.length ? (
          <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
            {intl.formatMessage(m.seen, { values: record.seen.join(' · ') })}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Badge color={status.color} variant="light">
          {intl.formatMessage(status.label)}
        </Badge>
      </Table.Td>
    </Table.Tr>
  );
}

/** Each sending domain with the DNS records to publish, their status from the last check, and "Check DNS". */
export function SendingDomains({ actor }: { actor: ActorRefFrom<typeof senderSettingsMachine> }) {
  const intl = useIntl();
  const domains = useSelector(actor, selectDomains);
  const canAct = useSelector(actor, selectCanAct);
  const checkingId = useSelector(actor, selectCheckingDomainId);
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack>
        <Title order={2} size="h3">
          {intl.formatMessage(m.domainsTitle)}
        </Title>
        <Text c="dimmed">{intl.formatMessage(domains.length ? m.domainsIntro : m.domainsEmpty)}</Text>
        {domains.map((domain) => (
          <Stack key={domain.id} gap="xs" component="section" aria-labelledby={`domain-${domain.id}`}>
            <Group justify="space-between">
              <Title order={3} size="h4" id={`domain-${domain.id}`}>
                {domain.domain}
              </Title>
              <Group gap="sm">
                <Text size="sm" c="dimmed">
                  {domain.checkedAt
                    ? intl.formatMessage(m.checkedAt, {
                        when: intl.formatDate(domain.checkedAt, { dateStyle: 'medium', timeStyle: 'short' }),
                      })
                    : intl.formatMessage(m.neverChecked)}
                </Text>
                <Permitted permission="senders:manage">
                  <Button
                    size="compact-sm"
                    disabled={!canAct}
                    loading={checkingId === domain.id}
                    onClick={() => actor.send({ type: 'domain.check', domainId: domain.id })}
                  >
                    {intl.formatMessage(m.checkDns)}
                  </Button>
                </Permitted>
              </Group>
            </Group>
            <Table.ScrollContainer minWidth={720}>
              <Table aria-label={intl.formatMessage(m.recordsOf, { domain: domain.domain })} verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{intl.formatMessage(m.recordKind)}</Table.Th>
                    <Table.Th>{intl.formatMessage(m.type)}</Table.Th>
                    <Table.Th>{intl.formatMessage(m.host)}</Table.Th>
                    <Table.Th>{intl.formatMessage(m.value)}</Table.Th>
                    <Table.Th>{intl.formatMessage(m.status)}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {domain.records.map((record) => (
                    <RecordRow key={record.kind} record={record} />
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
