import { Select, Table } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useIntl } from 'react-intl';
import type { ActorRefFrom } from 'xstate';
import { CONTACT_FIELDS } from '../../components/contacts/fieldTargets.ts';
import type { contactImportMachine } from '../../machines/contactImport/contactImport.machine.ts';
import type { ImportColumnTarget } from '../../machines/contactsTable/contacts.types.ts';
import { importMessages as m } from './ImportScreen.messages.ts';
import { contactsMessages } from './contacts.messages.ts';

const toValue = (t: ImportColumnTarget) => (t.target === 'attribute' ? `attribute:${t.attributeId}` : t.target);
const fromValue = (v: string): ImportColumnTarget =>
  v.startsWith('attribute:')
    ? { target: 'attribute', attributeId: Number(v.slice(10)) }
    : { target: v as Exclude<ImportColumnTarget['target'], 'attribute'> };

/** The file's preview rows under one target chooser per column (auto-matched by the server). */
export function ImportMapping({ actor }: { actor: ActorRefFrom<typeof contactImportMachine> }) {
  const intl = useIntl();
  const upload = useSelector(actor, (s) => s.context.upload);
  const mapping = useSelector(actor, (s) => s.context.mapping);
  const attributes = useSelector(actor, (s) => s.context.options.attributes);
  if (!upload) return null;
  const targets = [
    { value: 'skip', label: intl.formatMessage(m.skip) },
    ...CONTACT_FIELDS.map((f) => ({ value: f, label: intl.formatMessage(contactsMessages[f]) })),
    ...attributes.map((a) => ({ value: `attribute:${a.id}`, label: a.name })),
  ];
  return (
    <Table.ScrollContainer minWidth={500}>
      <Table withTableBorder data-testid="import-preview">
        <Table.Thead>
          <Table.Tr>
            {upload.headers.map((header, i) => (
              <Table.Th key={i} miw={180}>
                <Select
                  size="xs"
                  label={header}
                  aria-label={intl.formatMessage(m.columnTarget, { column: header })}
                  data={targets}
                  value={toValue(mapping[i] ?? { target: 'skip' })}
                  onChange={(v) => v && actor.send({ type: 'mapping.change', column: i, target: fromValue(v) })}
                  allowDeselect={false}
                />
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {upload.preview.map((row, r) => (
            <Table.Tr key={r}>
              {upload.headers.map((_, c) => (
                <Table.Td key={c}>{row[c] ?? ''}</Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
