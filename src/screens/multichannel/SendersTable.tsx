import { Badge, Button, Group, Table } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import type { senderSettingsMachine } from '../../machines/senderSettings/senderSettings.machine.ts';
import {
  selectCanAct,
  selectResendingId,
  selectSenders,
} from '../../machines/senderSettings/senderSettings.selectors.ts';
import { sendersMessages as m } from './SendersScreen.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

const STATUS = {
  verified: { label: m.verified, color: 'teal' },
  pending: { label: m.pending, color: 'blue' },
  expired: { label: m.expired, color: 'orange' },
} as const;

/** The senders: name, address, verification (with a resend for those not verified), edit and delete. */
export function SendersTable({ actor }: { actor: ActorRefFrom<typeof senderSettingsMachine> }) {
  const intl = useIntl();
  const senders = useSelector(actor, selectSenders);
  const canAct = useSelector(actor, selectCanAct);
  const resendingId = useSelector(actor, selectResendingId);
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table striped aria-label={intl.formatMessage(m.tableLabel)}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{intl.formatMessage(m.name)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.address)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.status)}</Table.Th>
            <Table.Th>{intl.formatMessage(m.actions)}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {senders.map((sender) => {
            const status = STATUS[sender.status];
            const values = { address: sender.address };
            return (
              <Table.Tr key={sender.id} data-status={sender.status}>
                <Table.Td>{sender.name}</Table.Td>
                <Table.Td>{sender.address}</Table.Td>
                <Table.Td>
                  <Badge color={status.color} variant="light">
                    {intl.formatMessage(status.label)}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {sender.status === 'verified' ? null : (
                      <Permitted permission="senders:manage">
                        <Button
                          size="compact-sm"
                          disabled={!canAct}
                          loading={resendingId === sender.id}
                          aria-label={intl.formatMessage(m.resendOf, values)}
                          onClick={() => actor.send({ type: 'sender.resend', senderId: sender.id })}
                        >
                          {intl.formatMessage(m.resend)}
                        </Button>
                      </Permitted>
                    )}
                    <Permitted permission="senders:manage">
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={!canAct}
                        aria-label={intl.formatMessage(m.editOf, values)}
                        onClick={() => actor.send({ type: 'sender.edit', senderId: sender.id })}
                      >
                        {intl.formatMessage(m.edit)}
                      </Button>
                    </Permitted>
                    <Permitted permission="senders:manage">
                      <Button
                        size="compact-sm"
                        variant="default"
                        disabled={!canAct}
                        aria-label={intl.formatMessage(m.deleteOf, values)}
                        onClick={() => actor.send({ type: 'sender.delete', senderId: sender.id })}
                      >
                        {intl.formatMessage(m.delete)}
                      </Button>
                    </Permitted>
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
