import { Table, Text } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useCallback, useMemo } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { VirtualTable } from '../../components/contacts/VirtualTable.tsx';
import type { contactsTableMachine } from '../../machines/contactsTable/contactsTable.machine.ts';
import { ContactRow, rowTexts } from './ContactRow.tsx';
import { contactsTableMessages as t } from './ContactsScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';

const ROW_HEIGHT = 44;

/**
 * The columns before the attribute columns, in ContactRow's order: header and width (null: a share of the rest). The
 * status column holds the longest status badge ("ANONIMIZZATO", "BLOCKLISTED") whole, with the cell's padding.
 */
const FIXED_COLUMNS: Array<{ key: string; title: MessageDescriptor | null; width: number | null }> = [
  { key: 'select', title: null, width: 44 },
  { key: 'email', title: m.email, width: null },
  { key: 'firstName', title: m.firstName, width: null },
  { key: 'lastName', title: m.lastName, width: null },
  { key: 'phone', title: m.phoneNumber, width: null },
  { key: 'status', title: m.status, width: 140 },
];

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
  const shown = useMemo(
    () => columns.map((id) => attributes.find((a) => a.id === id)).filter((a) => a !== undefined),
    [columns, attributes],
  );
  const selected = useMemo(() => new Set(selectedIds), [selectedIds]);
  const toggle = useCallback((id: number) => actor.send({ type: 'selection.toggle', id }), [actor]);
  const texts = useMemo(() => rowTexts(intl), [intl]);
  if (rows.length === 0) return <Text c="dimmed">{intl.formatMessage(t.empty)}</Text>;
  return (
    <VirtualTable
      label={intl.formatMessage(t.contactsLabel)}
      rowCount={rows.length}
      rowHeight={ROW_HEIGHT}
      height={560}
      columns={[...FIXED_COLUMNS.map((c) => c.width), ...shown.map(() => null)]}
      onEndReached={() => actor.send({ type: 'rows.more' })}
      head={
        <Table.Tr role="row">
          {FIXED_COLUMNS.map((c) => (
            <Table.Th role="columnheader" key={c.key}>
              {c.title ? intl.formatMessage(c.title) : null}
            </Table.Th>
          ))}
          {shown.map((a) => (
            <Table.Th role="columnheader" key={a.id}>
              {a.name}
            </Table.Th>
          ))}
        </Table.Tr>
      }
      renderRow={(i) => (
        <ContactRow
          key={rows[i]!.id}
          contact={rows[i]!}
          index={i}
          selected={allMatching || selected.has(rows[i]!.id)}
          shown={shown}
          texts={texts}
          onToggle={toggle}
        />
      )}
    />
  );
}
