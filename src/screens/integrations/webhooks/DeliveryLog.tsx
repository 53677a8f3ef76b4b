import { BarChart } from '@mantine/charts';
import { Alert, Badge, Button, Code, Group, Loader, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { Fragment, useState } from 'react';
import { useIntl } from 'react-intl';
import { actorOptions } from '../../../app/inspect.ts';
import { commonMessages } from '../../../i18n/common.messages.ts';
import { webhookLogMachine } from '../../../machines/webhooks/webhookLog.machine.ts';
import type { WebhookDelivery } from '../../../machines/webhooks/webhooks.types.ts';
import {
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_LOG_EVENT_TYPES,
  type WebhookDeliveryStatus,
  type WebhookLogEventType,
} from '../../../../shared/webhooks.ts';
import { webhookLogMessages as m, webhooksMessages as w } from '../WebhooksScreen.messages.ts';
import { Permitted } from '../../shared/Permitted.tsx';

const STATUS_COLOR: Record<WebhookDeliveryStatus, string> = { pending: 'blue', succeeded: 'teal', failed: 'red' };

function Attempts({ delivery }: { delivery: WebhookDelivery }) {
  const intl = useIntl();
  return (
    <Stack gap="sm" data-testid="delivery-attempts">
      {delivery.attempts.map((a) => (
        <Stack key={a.attempt} gap={4}>
          <Text size="sm" fw={600}>
            {intl.formatMessage(m.attempt, { attempt: a.attempt })} · {a.responseStatus ?? a.error ?? '—'} ·{' '}
            {a.durationMs ?? '—'} ms
          </Text>
          <Text size="xs">{intl.formatMessage(m.request)}</Text>
          <Code block>
            {Object.entries(a.requestHeaders)
              .map(([k, v]) => `${k}: ${v}`)
              .join('\n')}
            {'\n\n'}
            {a.requestBody}
          </Code>
          <Text size="xs">{intl.formatMessage(m.response)}</Text>
          <Code block>{a.responseBody ?? a.error ?? intl.formatMessage(m.noAnswer)}</Code>
        </Stack>
      ))}
    </Stack>
  );
}

/** One endpoint's deliveries: a chart per day by outcome, filters, the log with expandable rows, and the actions. */
export function DeliveryLog({ endpointId }: { endpointId: number }) {
  const intl = useIntl();
  const actor = useActorRef(webhookLogMachine, { ...actorOptions(), input: { endpointId } });
  const ctx = useSelector(actor, (s) => s.context);
  const loading = useSelector(actor, (s) => s.matches('loading'));
  const ready = useSelector(actor, (s) => s.matches('ready'));
  const failed = useSelector(actor, (s) => s.matches('loadFailed'));
  const [since, setSince] = useState(() => new Date(Date.now() - 86_400_000).toISOString().slice(0, 16));
  const statusLabel = (status: WebhookDeliveryStatus) => intl.formatMessage(m[status]);
  const chartSeries = WEBHOOK_DELIVERY_STATUSES.map((name) => ({
    name,
    label: statusLabel(name),
    color: `${STATUS_COLOR[name]}.6`,
  }));
  return (
    <Stack gap="md" aria-busy={loading}>
      <Group justify="space-between">
        <Text fw={600}>{intl.formatMessage(m.title)}</Text>
        <Group gap="xs">
          <Permitted permission="webhooks:manage">
            <Button size="xs" disabled={!ready} onClick={() => actor.send({ type: 'log.test' })}>
              {intl.formatMessage(m.test)}
            </Button>
          </Permitted>
          <Button size="xs" variant="default" disabled={!ready} onClick={() => actor.send({ type: 'log.refresh' })}>
            {intl.formatMessage(m.refresh)}
          </Button>
        </Group>
      </Group>
      {ctx.notice ? (
        <Alert
          color="teal"
          role="status"
          withCloseButton
          closeButtonLabel={intl.formatMessage(commonMessages.close)}
          onClose={() => actor.send({ type: 'notice.dismiss' })}
        >
          {intl.formatMessage(m[ctx.notice], { count: ctx.replayed })}
        </Alert>
      ) : null}
      {ctx.error ? (
        <Alert color={ctx.error === 'disabled' ? 'orange' : 'red'} role="alert">
          {intl.formatMessage(m[ctx.error])}
        </Alert>
      ) : null}
      {failed ? (
        <Button w="fit-content" onClick={() => actor.send({ type: 'log.retry' })}>
          {intl.formatMessage(commonMessages.retry)}
        </Button>
      ) : null}
      {ctx.days.length ? (
        <div role="img" aria-label={intl.formatMessage(m.chart)} data-testid="webhook-chart">
          <BarChart h={180} data={ctx.days} dataKey="day" type="stacked" withLegend series={chartSeries} />
        </div>
      ) : null}
      <Group align="flex-end" gap="sm">
        <Select
          label={intl.formatMessage(m.statusFilter)}
          value={ctx.filter.status ?? ''}
          data={[
            { value: '', label: intl.formatMessage(m.all) },
            ...WEBHOOK_DELIVERY_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
          ]}
          onChange={(value) =>
            actor.send({
              type: 'log.filter',
              status: (value || null) as WebhookDeliveryStatus | null,
              eventType: ctx.filter.eventType,
            })
          }
        />
        <Select
          label={intl.formatMessage(m.eventFilter)}
          value={ctx.filter.eventType ?? ''}
          data={[
            { value: '', label: intl.formatMessage(m.all) },
            ...WEBHOOK_LOG_EVENT_TYPES.map((t) => ({ value: t, label: t })),
          ]}
          onChange={(value) =>
            actor.send({
              type: 'log.filter',
              status: ctx.filter.status,
              eventType: (value || null) as WebhookLogEventType | null,
            })
          }
        />
        <TextInput
          type="datetime-local"
          label={intl.formatMessage(m.replaySince)}
          value={since}
          onChange={(event) => setSince(event.currentTarget.value)}
        />
        <Permitted permission="webhooks:manage">
          <Button
            variant="default"
            disabled={!ready || !since}
            onClick={() => actor.send({ type: 'log.replay', since: new Date(since).toISOString() })}
          >
            {intl.formatMessage(m.replay)}
          </Button>
        </Permitted>
      </Group>
      {loading ? <Loader size="sm" aria-label={intl.formatMessage(commonMessages.loading)} /> : null}
      {!loading && !failed && !ctx.deliveries.length ? <Text>{intl.formatMessage(m.empty)}</Text> : null}
      {ctx.deliveries.length ? (
        <Table aria-label={intl.formatMessage(m.title)}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{intl.formatMessage(m.event)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.statusFilter)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.response)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.duration)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.attempts)}</Table.Th>
              <Table.Th>{intl.formatMessage(m.created)}</Table.Th>
              <Table.Th>{intl.formatMessage(w.actions)}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {ctx.deliveries.map((d) => {
              const last = d.attempts[d.attempts.length - 1];
              const expanded = ctx.expandedId === d.id;
              return (
                <Fragment key={d.id}>
                  <Table.Tr data-delivery={d.eventType} data-status={d.status}>
                    <Table.Td>{d.eventType}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOR[d.status]}>{statusLabel(d.status)}</Badge>
                    </Table.Td>
                    <Table.Td>{d.lastStatus ?? '—'}</Table.Td>
                    <Table.Td>{last?.durationMs != null ? `${last.durationMs} ms` : '—'}</Table.Td>
                    <Table.Td>{d.attemptCount}</Table.Td>
                    <Table.Td>{intl.formatDate(d.createdAt, { dateStyle: 'short', timeStyle: 'medium' })}</Table.Td>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="subtle"
                          aria-expanded={expanded}
                          disabled={!d.attempts.length}
                          onClick={() => actor.send({ type: 'delivery.toggle', deliveryId: d.id })}
                        >
                          {intl.formatMessage(m.details)}
                        </Button>
                        <Permitted permission="webhooks:manage">
                          <Button
                            size="xs"
                            variant="light"
                            disabled={!ready}
                            onClick={() => actor.send({ type: 'delivery.retry', deliveryId: d.id })}
                          >
                            {intl.formatMessage(m.retry)}
                          </Button>
                        </Permitted>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                  {expanded ? (
                    <Table.Tr>
                      <Table.Td colSpan={7}>
                        <Attempts delivery={d} />
                      </Table.Td>
                    </Table.Tr>
                  ) : null}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      ) : null}
      {ctx.pages > 1 ? (
        <Group gap="xs">
          <Button
            size="xs"
            variant="default"
            disabled={!ready || ctx.filter.page <= 1}
            onClick={() => actor.send({ type: 'log.page', page: ctx.filter.page - 1 })}
          >
            {intl.formatMessage(m.previous)}
          </Button>
          <Text size="sm">{intl.formatMessage(m.pageOf, { page: ctx.filter.page, pages: ctx.pages })}</Text>
          <Button
            size="xs"
            variant="default"
            disabled={!ready || ctx.filter.page >= ctx.pages}
            onClick={() => actor.send({ type: 'log.page', page: ctx.filter.page + 1 })}
          >
            {intl.formatMessage(m.next)}
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
