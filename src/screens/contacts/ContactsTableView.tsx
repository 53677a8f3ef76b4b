import { Anchor, Badge, Checkbox, Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ActorRefFrom } from 'xstate';
import { VirtualTable } from '../../components/contacts/VirtualTable.tsx';
import type { contactsTableMachine } from '../../machines/contactsTable/contactsTable.machine.ts';
import { contactsTableMessages as t } from './ContactsScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';

const ROW_HEIGHT = 44;

/** The loaded contacts in a virtualised table; scrolling to the end loads the next page. */
export function ContactsTableView({ actor }: { actor: ActorRefFrom<typeof contactsTableMachine> }) {
  const intl = useIntl();
  const rows = useSelector(actor, (s) => s.context.rows);
  const selectedIds = useSelector(actor, (s) => s.context.selectedIds);
  const allMatching = useSelector(actor, (s) => s.context.allMatching);
  const columns = useSelector(actor, (s) => s.context.columns);
  const attributes = useSelector(actor, (s) => s.context.attributes);
  const shown = columns.map((id) => attributes.find((a) => a.id === id)).filter((a) => a !== undefined);
  const selected = new Set(selectedIds);
  if (rows.length === 0) return <Text c="dimmed">{intl.formatMessage(t.empty)}</Text>;
  return (
    <VirtualTable
      label={intl.formatMessage(t.contactsLabel)}
      rowCount={rows.length}
      rowHeight={ROW_HEIGHT}
      height={560}
      onEndReached={() => actor.send({ type: 'rows.more' })}
      head={
        <Table.Tr>
          <Table.Th w={44} />
          <Table.Th>{intl.formatMessage(m.email)}</Table.Th>
          <Table.Th>{intl.formatMessage(m.firstName)}</Table.Th>
          <Table.Th>{intl.formatMessage(m.lastName)}</Table.Th>
          <Table.Th>{intl.formatMessage(m.phoneNumber)}</Table.Th>
          <Table.Th w={120}>{intl.formatMessage(m.status)}</Table.Th>
          {shown.map((a) => (
            <Table.Th key={a.id}>{a.name}</Table.Th>
          ))}
        </Table.Tr>
      }
      renderRow={(i) => {
        const c = rows[i]!;
        const email = c.email ?? `#${c.id}`;
        return (
          <Table.Tr key={c.id} h={ROW_HEIGHT} aria-rowindex={i + 2} data-selected={allMatching || selected.has(c.id) ? true : undefined}>
            <Table.Td>
              <Checkbox
                aria-label={intl.formatMessage(t.selectRow, { email })}
                checked={allMatching || selected.has(c.id)}
                onChange={() => actor.send({ type: 'selection.toggle', id: c.id })}
              />
            </Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              <Anchor component={Link} to={`/contacts/show/${c.id}`}>
                {email}
              </Anchor>
            </Table.Td>
            <Table.Td>{c.firstName}</Table.Td>
            <Table.Td>{c.lastName}</Table.Td>
            <Table.Td>{c.phoneNumber ? `+${c.phonePrefix ?? ''} ${c.phoneNumber}` : ''}</Table.Td>
            <Table.Td>
              {c.anonymisedAt ? (
                <Badge color="gray">{intl.formatMessage(m.anonymised)}</Badge>
              ) : c.blocked ? (
                <Badge color="red">{intl.formatMessage(m.blocked)}</Badge>
              ) : (
                <Badge color="teal" variant="light">
                  {intl.formatMessage(m.active)}
                </Badge>
              )}
            </Table.Td>
            {shown.map((a) => (
              <Table.Td key={a.id}>{String(c.attributes[a.id] ?? '')}</Table.Td>
            ))}
          </Table.Tr>
        );
      }}
    />
  );
}
