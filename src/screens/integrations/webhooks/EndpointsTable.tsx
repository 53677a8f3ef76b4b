import { Badge, Button, Group, Table } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { webhookEndpointsMachine, WebhookEndpoint } from '../../../machines/webhooks/webhookEndpoints.machine.ts';
import { webhooksMessages as m } from '../WebhooksScreen.messages.ts';
import { Permitted } from '../../shared/Permitted.tsx';

function StatusBadge({ endpoint }: { endpoint: WebhookEndpoint }) {
  const intl = useIntl();
  if (endpoint.enabled) {
    return endpoint.failingSince ? (
      <Badge color="orange" data-status="failing">
        {intl.formatMessage(m.failing)}
      </Badge>
    ) : (
      <Badge color="teal" data-status="enabled">
        {intl.formatMessage(m.enabled)}
      </Badge>
    );
  }
  return endpoint.disabledReason === 'failing' ? (
    <Badge color="red" data-status="disabled-failing">
      {intl.formatMessage(m.disabledFailing)}
    </Badge>
  ) : (
    <Badge color="gray" data-status="disabled">
      {intl.formatMessage(m.disabledManual)}
    </Badge>
  );
}

/** The endpoints with their status and actions; the selected one's log shows below. */
export function EndpointsTable({ actor }: { actor: ActorRefFrom<typeof webhookEndpointsMachine> }) {
  const intl = useIntl();
  const endpoints = useSelector(actor, (s) => s.context.endpoints);
  const selectedId = useSelector(actor, (s) => s.context.selectedId);
  const canAct = useSelector(actor, (s) => s.matches('ready'));
  return (
    <Table.ScrollContainer minWidth={700}>
      <Table aria-label={intl.formatMessage(m.tableLabel)} highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(m.url)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.events)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.status)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.actions)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {endpoints.map((endpoint) => (
            <Table.Tr key={endpoint.id} aria-selected={endpoint.id === selectedId} data-endpoint={endpoint.url}>
              <Table.Td>
                {endpoint.url}
                {endpoint.description ? <div>{endpoint.description}</div> : null}
              </Table.Td>
              <Table.Td>{endpoint.eventTypes.length}</Table.Td>
              <Table.Td>
                <StatusBadge endpoint={endpoint} />
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant={endpoint.id === selectedId ? 'filled' : 'light'}
                    aria-pressed={endpoint.id === selectedId}
                    onClick={() => actor.send({ type: 'endpoint.select', endpointId: endpoint.id })}
                  >
                    {intl.formatMessage(m.show)}
                  </Button>
                  <Permitted permission="webhooks:manage">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!canAct}
                      onClick={() => actor.send({ type: 'endpoint.edit', endpointId: endpoint.id })}
                    >
                      {intl.formatMessage(m.edit)}
                    </Button>
                  </Permitted>
                  <Permitted permission="webhooks:manage">
                    <Button
                      size="xs"
                      variant="default"
                      disabled={!canAct}
                      onClick={() => actor.send({ type: 'endpoint.toggle', endpointId: endpoint.id })}
                    >
                      {intl.formatMessage(endpoint.enabled ? m.disable : m.enable)}
                    </Button>
                  </Permitted>
                  <Permitted permission="webhooks:manage">
                    <Button
                      size="xs"
                      color="red"
                      variant="light"
                      disabled={!canAct}
                      onClick={() => actor.send({ type: 'endpoint.delete', endpointId: endpoint.id })}
                    >
                      {intl.formatMessage(m.delete)}
                    </Button>
                  </Permitted>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
