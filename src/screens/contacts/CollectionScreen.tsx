import { Alert, Anchor, Button, Group, Modal, Paper, Select, Stack, Table, TagsInput, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { Link } from 'react-router';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import { attributeActors, folderActors, listActors } from '../../machines/contactCollection/contactCollection.actors.ts';
import { contactCollectionMachine, type CollectionError, type CollectionItem } from '../../machines/contactCollection/contactCollection.machine.ts';
import type { AttributeType } from '../../machines/contactsTable/contacts.types.ts';
import { attributesMessages, collectionMessages as cm, foldersMessages, listsMessages } from './CollectionScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';
import { ContactsNav } from './ContactsNav.tsx';

type Kind = 'attributes' | 'folders' | 'lists';
const ACTORS = { attributes: attributeActors, folders: folderActors, lists: listActors };
const TEXT: Record<Kind, { intro: MessageDescriptor; create: MessageDescriptor; createFailed: MessageDescriptor; empty: MessageDescriptor; deleteText: MessageDescriptor }> = {
  attributes: attributesMessages,
  folders: foldersMessages,
  lists: listsMessages,
};
export const ATTRIBUTE_TYPES: Array<{ value: AttributeType; label: MessageDescriptor }> = [
  { value: 'text', label: m.typeText },
  { value: 'number', label: m.typeNumber },
  { value: 'date', label: m.typeDate },
  { value: 'boolean', label: m.typeBoolean },
  { value: 'category', label: m.typeCategory },
];

function errorText(kind: Kind, error: CollectionError): MessageDescriptor {
  const map: Record<CollectionError, MessageDescriptor> = {
    loadFailed: cm.loadFailed,
    nameRequired: m.nameRequired,
    createFailed: TEXT[kind].createFailed,
    renameFailed: cm.renameFailed,
    deleteFailed: cm.deleteFailed,
    notEmpty: foldersMessages.notEmpty,
  };
  return map[error];
}

/** Attributes, folders or lists: create, rename, delete (one machine, the collection's actors). */
function CollectionScreen({ kind }: { kind: Kind }) {
  const intl = useIntl();
  const t = TEXT[kind];
  const actor = useActorRef(contactCollectionMachine.provide({ actors: ACTORS[kind] }), actorOptions());
  const items = useSelector(actor, (s) => s.context.data.items);
  const folders = useSelector(actor, (s) => s.context.data.folders);
  const error = useSelector(actor, (s) => s.context.error);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const [type, setType] = useState<AttributeType>('text');
  const [options, setOptions] = useState<string[]>([]);
  const [folderId, setFolderId] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<CollectionItem | null>(null);
  const folderName = (id?: number) => folders.find((f) => f.id === id)?.name ?? '';

  const create = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const name = String(new FormData(form).get('name') ?? '');
    actor.send({
      type: 'item.create',
      draft: {
        name,
        ...(kind === 'attributes' ? { type, options } : {}),
        ...(kind === 'lists' ? (folderId ? { folderId: Number(folderId) } : { newFolderName: intl.formatMessage(listsMessages.defaultFolder) }) : {}),
      },
    });
    form.reset();
  };
  const rename = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (renaming) actor.send({ type: 'item.rename', id: renaming.id, name: String(new FormData(e.currentTarget).get('name') ?? '') });
    setRenaming(null);
  };

  return (
    <>
      <ContactsNav />
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Text c="dimmed">{intl.formatMessage(t.intro)}</Text>
          {error ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(errorText(kind, error))}
            </Alert>
          ) : null}
          {loadFailed ? (
            <Button w="fit-content" onClick={() => actor.send({ type: 'collection.retry' })}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          ) : null}
          <form onSubmit={create} aria-label={intl.formatMessage(t.create)}>
            <Group align="flex-end">
              <TextInput name="name" label={intl.formatMessage(m.name)} maxLength={100} />
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
                <TagsInput label={intl.formatMessage(attributesMessages.options)} value={options} onChange={setOptions} />
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
              <Button type="submit" loading={busy && !confirming}>
                {intl.formatMessage(t.create)}
              </Button>
            </Group>
          </form>
          {items.length === 0 && !busy ? <Text c="dimmed">{intl.formatMessage(t.empty)}</Text> : null}
          {items.length > 0 ? (
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
                      <Table.Td>{intl.formatMessage((ATTRIBUTE_TYPES.find((a) => a.value === item.type) ?? ATTRIBUTE_TYPES[0]!).label)}</Table.Td>
                    ) : null}
                    {kind === 'lists' ? <Table.Td>{folderName(item.folderId)}</Table.Td> : null}
                    {kind === 'folders' ? <Table.Td>{intl.formatMessage(foldersMessages.size, { count: item.size ?? 0 })}</Table.Td> : null}
                    {kind === 'lists' ? (
                      <Table.Td>
                        <Anchor component={Link} to={`/contacts?listId=${item.id}`}>
                          {intl.formatMessage(listsMessages.size, { count: item.size ?? 0 })}
                        </Anchor>
                      </Table.Td>
                    ) : null}
                    <Table.Td>
                      <Group gap="xs">
                        <Button size="xs" variant="default" onClick={() => setRenaming(item)} aria-label={`${intl.formatMessage(m.rename)} ${item.name}`}>
                          {intl.formatMessage(m.rename)}
                        </Button>
                        <Button size="xs" variant="light" color="red" onClick={() => actor.send({ type: 'item.delete', id: item.id })} aria-label={`${intl.formatMessage(m.delete)} ${item.name}`}>
                          {intl.formatMessage(m.delete)}
                        </Button>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          ) : null}
        </Stack>
      </Paper>
      <Modal opened={renaming !== null} onClose={() => setRenaming(null)} title={intl.formatMessage(cm.renameTitle)} centered>
        <form onSubmit={rename}>
          <Stack>
            <TextInput name="name" label={intl.formatMessage(m.name)} defaultValue={renaming?.name} maxLength={100} data-autofocus />
            <Button type="submit" w="fit-content">
              {intl.formatMessage(m.save)}
            </Button>
          </Stack>
        </form>
      </Modal>
      <ConfirmModal
        opened={confirming}
        title={intl.formatMessage(m.confirmTitle)}
        text={intl.formatMessage(t.deleteText)}
        confirmLabel={intl.formatMessage(m.delete)}
        cancelLabel={intl.formatMessage(commonMessages.cancel)}
        busy={busy}
        onConfirm={() => actor.send({ type: 'delete.confirm' })}
        onCancel={() => actor.send({ type: 'delete.cancel' })}
      />
    </>
  );
}

export function AttributesScreen() {
  return <CollectionScreen kind="attributes" />;
}
export function FoldersScreen() {
  return <CollectionScreen kind="folders" />;
}
export function ListsScreen() {
  return <CollectionScreen kind="lists" />;
}
