import { Table } from '@mantine/core';
import { memo } from 'react';
import type { IntlShape } from 'react-intl';
import { PlainAnchor, PlainBadge, PlainCheckbox } from '../../components/contacts/PlainCells.tsx';
import type { ContactAttribute, Contact } from '../../machines/contactsTable/contacts.types.ts';
import { contactsTableMessages as t } from './ContactsScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';

/**
 * The texts of the rows, formatted once per language (see rowTexts) and shared by every row: formatting a message
 * allocates, and a fast scroll renders hundreds of rows a second, whose garbage would then be collected during the
 * frames of the scroll.
 */
export interface RowTexts {
  selectRow: (email: string) => string;
  anonymised: string;
  blocked: string;
  active: string;
}

/** Marks where the email goes in the formatted "Select {email}", so a row only joins three strings. */
const SLOT = '\u0000';

export function rowTexts(intl: IntlShape): RowTexts {
  const parts = intl.formatMessage(t.selectRow, { email: SLOT }).split(SLOT);
  const [before, after] = parts;
  return {
    // A translation that does not name the email exactly once is formatted per row, as before.
    selectRow:
      parts.length === 2 ? (email) => before + email + after : (email) => intl.formatMessage(t.selectRow, { email }),
    anonymised: intl.formatMessage(m.anonymised),
    blocked: intl.formatMessage(m.blocked),
    active: intl.formatMessage(m.active),
  };
}

export interface ContactRowProps {
  contact: Contact;
  /** Position in the loaded rows (the header is row 1). */
  index: number;
  selected: boolean;
  shown: ContactAttribute[];
  texts: RowTexts;
  onToggle: (id: number) => void;
}

/** Mantine's own table classes and the row attributes of a `<Table highlightOnHover>` (row borders are on by default). */
const TR = {
  className: `${Table.classes.tr} mantine-Table-tr`,
  'data-with-row-border': true,
  'data-hover': true,
  role: 'row',
};
const TD = { className: `${Table.classes.td} mantine-Table-td`, role: 'cell' };

/**
 * One row of the contacts table. Memoised: scrolling moves the virtual window, and only the rows that enter it render;
 * the rows already in view keep their props (same contact, selection, columns, handler) and are skipped. The row, its
 * cells, checkbox, link and badge are the plain elements Mantine's components would render (see PlainCells): a fast
 * wheel or a jump (End, the scrollbar) mounts a whole window of rows in one frame, and Mantine components per cell
 * would be most of that frame's work. The email link is a plain `<a>`; the table turns a plain click on it into an in-app navigation.
 */
export const ContactRow = memo(function ContactRow({
  contact: c,
  index,
  selected,
  shown,
  texts,
  onToggle,
}: ContactRowProps) {
  const email = c.email ?? `#${c.id}`;
  return (
    <tr {...TR} aria-rowindex={index + 2} data-selected={selected || undefined}>
      <td {...TD}>
        <PlainCheckbox label={texts.selectRow(email)} checked={selected} onChange={() => onToggle(c.id)} />
      </td>
      <td {...TD}>
        <PlainAnchor href={`/contacts/show/${c.id}`}>{email}</PlainAnchor>
      </td>
      <td {...TD}>{c.firstName}</td>
      <td {...TD}>{c.lastName}</td>
      <td {...TD}>{c.phoneNumber ? `+${c.phonePrefix ?? ''} ${c.phoneNumber}` : ''}</td>
      <td {...TD}>
        {c.anonymisedAt ? (
          <PlainBadge tone="gray">{texts.anonymised}</PlainBadge>
        ) : c.blocked ? (
          <PlainBadge tone="red">{texts.blocked}</PlainBadge>
        ) : (
          <PlainBadge tone="teal-light">{texts.active}</PlainBadge>
        )}
      </td>
      {shown.map((a) => (
        <td key={a.id} {...TD}>
          {String(c.attributes[a.id] ?? '')}
        </td>
      ))}
    </tr>
  );
});
