import { Anchor, Badge, Checkbox, rem, Table } from '@mantine/core';
import { memo } from 'react';
import { useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { ContactAttribute, Contact } from '../../machines/contactsTable/contacts.types.ts';
import { contactsTableMessages as t } from './ContactsScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';

export interface ContactRowProps {
  contact: Contact;
  /** Position in the loaded rows (the header is row 1). */
  index: number;
  height: number;
  selected: boolean;
  shown: ContactAttribute[];
  onToggle: (id: number) => void;
}

/** Mantine's own table classes and the row attributes of a `<Table highlightOnHover>` (row borders are on by default). */
const TR = { className: `${Table.classes.tr} mantine-Table-tr`, 'data-with-row-border': true, 'data-hover': true };
const TD = `${Table.classes.td} mantine-Table-td`;

/**
 * One row of the contacts table. Memoised: scrolling moves the virtual window, and only the rows that enter it render;
 * the rows already in view keep their props (same contact, selection, columns, handler) and are skipped. The row and
 * its cells are plain `<tr>`/`<td>` with the classes and attributes `Table.Tr`/`Table.Td` would render: a jump (End,
 * the scrollbar) mounts some 30 rows at once, and a Mantine component per cell made that frame about 15 % longer.
 */
export const ContactRow = memo(function ContactRow({ contact: c, index, height, selected, shown, onToggle }: ContactRowProps) {
  const intl = useIntl();
  const email = c.email ?? `#${c.id}`;
  return (
    <tr {...TR} style={{ height: rem(height) }} aria-rowindex={index + 2} data-selected={selected || undefined}>
      <td className={TD}>
        <Checkbox aria-label={intl.formatMessage(t.selectRow, { email })} checked={selected} onChange={() => onToggle(c.id)} />
      </td>
      <td className={TD} style={{ whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
        <Anchor component={Link} to={`/contacts/show/${c.id}`}>
          {email}
        </Anchor>
      </td>
      <td className={TD}>{c.firstName}</td>
      <td className={TD}>{c.lastName}</td>
      <td className={TD}>{c.phoneNumber ? `+${c.phonePrefix ?? ''} ${c.phoneNumber}` : ''}</td>
      <td className={TD}>
        {c.anonymisedAt ? (
          <Badge color="gray">{intl.formatMessage(m.anonymised)}</Badge>
        ) : c.blocked ? (
          <Badge color="red">{intl.formatMessage(m.blocked)}</Badge>
        ) : (
          <Badge color="teal" variant="light">
            {intl.formatMessage(m.active)}
          </Badge>
        )}
      </td>
      {shown.map((a) => (
        <td key={a.id} className={TD}>{String(c.attributes[a.id] ?? '')}</td>
      ))}
    </tr>
  );
});
