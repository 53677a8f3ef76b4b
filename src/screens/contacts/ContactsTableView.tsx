import { Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { VirtualTable } from '../../components/contacts/VirtualTable.tsx';
import type { contactsTableMachine } from '../../machines/contactsTable/contactsTable.machine.ts';
import { ContactRow } from './ContactRow.tsx';
import { contactsTableMessages as t } from './ContactsScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';

const ROW_HEIGHT = 44;

/**
 * The loaded contacts in a virtualised table; scrolling to the end loads the next page. What the rows receive is kept
 * stable between renders (columns, selection, handler), so a scroll renders only the rows that come into view.
 */
export function ContactsTableView({ actor }: { actor: ActorRefFrom<typeof contactsTableMachine> }) {
  const intl = useIntl();
  const rows = useSelector(actor, (s) => s.context.rows);
  const selectedIds = useSelector(actor, (s) => s.context.selectedIds);
  const allMatching = useSelector(actor, (s) => s.context.allMatching);
  const columns = useSelector(actor, (s) => s.context.columns);
  const attributes = useSelector(actor, (s) => s.context.attributes);
  const shown = useMemo(() => columns.map((id) => attributes.find((a) => a.id === id)).filter((a) => a !== undefined), [columns, attributes]);
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const toggle = useCallback((id: number) => actor.send({ type: 'selection.toggle', id }), [actor]);
  if (rows.length === 0) return <Text c="dimmed">{intl.formatMessage(t.empty)}</Text>;
  return (
    <VirtualTable
      label={intl.formatMessage(t.contactsLabel)}
      rowCount={rows.length}
      rowHeight={ROW_HEIGHT}
      height={560}
      columns={[44, null, null, null, null, 120, ...shown.map(() => null)]}
      onEndReached={() => actor.send({ type: 'rows.more' })}
      head={
        <Table.Tr role="row">
          <Table.Th role="columnheader" />
          <Table.Th role="columnheader">{intl.formatMessage(m.email)}</Table.Th>
          <Table.Th role="columnheader">{intl.formatMessage(m.firstName)}</Table.Th>
          <Table.Th role="columnheader">{intl.formatMessage(m.lastName)}</Table.Th>
          <Table.Th role="columnheader">{intl.formatMessage(m.phoneNumber)}</Table.Th>
          <Table.Th role="columnheader">{intl.formatMessage(m.status)}</Table.Th>
          {shown.map((a) => (
            <Table.Th role="columnheader" key={a.id}>
              {a.name}
            </Table.Th>
          ))}
        </Table.Tr>
      }
      renderRow={(i) => (
        <ContactRow key={rows[i]!.id} contact={rows[i]!} index={i} height={ROW_HEIGHT} selected={allMatching || selected.has(rows[i]!.id)} shown={shown} onToggle={toggle} />
      )}
    />
  );
}
