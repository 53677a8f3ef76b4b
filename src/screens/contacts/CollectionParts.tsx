import { Anchor, Button, Group, Select, Table, TagsInput, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import type { CollectionDraft, CollectionItem } from '../../machines/contactCollection/contactCollection.machine.ts';
import type { AttributeType } from '../../machines/contactsTable/contacts.types.ts';
import { attributesMessages, foldersMessages, listsMessages } from './CollectionScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';
import { Permitted } from '../shared/Permitted.tsx';

export type CollectionKind = 'attributes' | 'folders' | 'lists';

export const ATTRIBUTE_TYPES: Array<{ value: AttributeType; label: MessageDescriptor }> = [
  { value: 'text', label: m.typeText },
  { value: 'number', label: m.typeNumber },
  { value: 'date', label: m.typeDate },
  { value: 'boolean', label: m.typeBoolean },
  { value: 'category', label: m.typeCategory },
];

const CREATE_LABEL: Record<CollectionKind, MessageDescriptor> = {
  attributes: attributesMessages.create,
  folders: foldersMessages.create,
  lists: listsMessages.create,
};

/**
 * The create form of a collection: a name, and the attribute's type and options or the list's folder. What was typed
 * stays until an item is created (`created` counts them): the name field starts afresh only then.
 */
export function CollectionCreateForm({
  kind,
  folders,
  busy,
  created,
  optionsError,
  onCreate,
}: {
  kind: CollectionKind;
  folders: CollectionItem[];
  busy: boolean;
  created: number;
  /** Shown under the options of a category attribute. */
  optionsError?: string;
  onCreate: (draft: CollectionDraft) => void;
}) {
  const intl = useIntl();
  const [type, setType] = useState<AttributeType>('text');
  const [options, setOptions] = useState<string[]>([]);
  const [folderId, setFolderId] = useState<string | null>(null);
  const create = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const name = String(new FormData(e.currentTarget).get('name') ?? '');
    onCreate({
      name,
      ...(kind === 'attributes' ? { type, options } : {}),
      ...(kind === 'lists'
        ? folderId
          ? { folderId: Number(folderId) }
          : { newFolderName: intl.formatMessage(listsMessages.defaultFolder) }
        : {}),
    });
  };
  return (
    <form onSubmit={create} aria-label={intl.formatMessage(CREATE_LABEL[kind])}>
      <Group align="flex-end">
        <TextInput key={created} name="name" label={intl.formatMessage(m.name)} maxLength={100} />
        {kind === 'attributes' ? (
          <Select
            label={intl.formatMessage(attributesMessages.type)}
            data={ATTRIBUTE_TYPES.map((a) => ({ value: a.value, label: intl.formatMessage(a.label) }))}
            value={type}
            onChange={(v) => setType((v as AttributeType | null) ?? 'text')}
            allowDeselect={false}
          />
        ) : null}
        {kind === 'attributes' && type === 'category' ? (
          <TagsInput
            label={intl.formatMessage(attributesMessages.options)}
            value={options}
            onChange={setOptions}
            error={optionsError}
          />
        ) : null}
        {kind === 'lists' && folders.length > 0 ? (
          <Select
            label={intl.formatMessage(listsMessages.folder)}
            data={folders.map((f) => ({ value: String(f.id), label: f.name }))}
            value={folderId ?? String(folders[0]!.id)}
            onChange={setFolderId}
            allowDeselect={false}
          />
        ) : null}
        <Permitted permission="contacts:write">
          <Button type="submit" loading={busy}>
            {intl.formatMessage(CREATE_LABEL[kind])}
          </Button>
        </Permitted>
      </Group>
    </form>
  );
}

/** The collection's rows: name, type or folder, size (lists link to their contacts), rename and delete. */
export function CollectionTable({
  kind,
  items,
  folders,
  onRename,
  onDelete,
}: {
  kind: CollectionKind;
  items: CollectionItem[];
  folders: CollectionItem[];
  onRename: (item: CollectionItem) => void;
  onDelete: (id: number) => void;
}) {
  const intl = useIntl();
  const folderName = (id?: number) => folders.find((f) => f.id === id)?.name ?? '';
  return (
    <Table striped data-testid={`${kind}-table`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{intl.formatMessage(m.name)}</Table.Th>
          {kind === 'attributes' ? <Table.Th>{intl.formatMessage(attributesMessages.type)}</Table.Th> : null}
          {kind === 'lists' ? <Table.Th>{intl.formatMessage(listsMessages.folder)}</Table.Th> : null}
          {kind !== 'attributes' ? <Table.Th>{intl.formatMessage(m.lists)}</Table.Th> : null}
          <Table.Th>{intl.formatMessage(m.actions)}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((item) => (
          <Table.Tr key={item.id}>
            <Table.Td>{item.name}</Table.Td>
            {kind === 'attributes' ? (
              <Table.Td>
                {intl.formatMessage((ATTRIBUTE_TYPES.find((a) => a.value === item.type) ?? ATTRIBUTE_TYPES[0]!).label)}
              </Table.Td>
            ) : null}
            {kind === 'lists' ? <Table.Td>{folderName(item.folderId)}</Table.Td> : null}
            {kind === 'folders' ? (
              <Table.Td>{intl.formatMessage(foldersMessages.size, { count: item.size ?? 0 })}</Table.Td>
            ) : null}
            {kind === 'lists' ? (
              <Table.Td>
                <Anchor component={Link} to={`/contacts?list=${item.id}`}>
                  {intl.formatMessage(listsMessages.size, { count: item.size ?? 0 })}
                </Anchor>
              </Table.Td>
            ) : null}
            <Table.Td>
              <Group gap="xs">
                <Permitted permission="contacts:write">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onRename(item)}
                    aria-label={`${intl.formatMessage(m.rename)} ${item.name}`}
                  >
                    {intl.formatMessage(m.rename)}
                  </Button>
                </Permitted>
                <Permitted permission="contacts:write">
                  <Button
                    size="xs"
                    variant="light"
                    color="red"
                    onClick={() => onDelete(item.id)}
                    aria-label={`${intl.formatMessage(m.delete)} ${item.name}`}
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
  );
}
