import { Alert, Button, Modal, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { ConfirmModal } from '../../components/contacts/ConfirmModal.tsx';
import { actorOptions } from '../../app/inspect.ts';
import { commonMessages } from '../../i18n/common.messages.ts';
import {
  attributeActors,
  folderActors,
  listActors,
} from '../../machines/contactCollection/contactCollection.actors.ts';
import {
  contactCollectionMachine,
  type CollectionError,
  type CollectionItem,
} from '../../machines/contactCollection/contactCollection.machine.ts';
import {
  attributesMessages,
  collectionMessages as cm,
  foldersMessages,
  listsMessages,
} from './CollectionScreen.messages.ts';
import { contactsMessages as m } from './contacts.messages.ts';
import { CollectionCreateForm, CollectionTable, type CollectionKind as Kind } from './CollectionParts.tsx';
import { ContactsNav } from './ContactsNav.tsx';

const ACTORS = { attributes: attributeActors, folders: folderActors, lists: listActors };
const TEXT: Record<
  Kind,
  {
    intro: MessageDescriptor;
    create: MessageDescriptor;
    createFailed: MessageDescriptor;
    empty: MessageDescriptor;
    deleteText: MessageDescriptor;
  }
> = {
  attributes: attributesMessages,
  folders: foldersMessages,
  lists: listsMessages,
};

/** Errors shown above the form; 'optionRequired' is shown at the options field. */
function errorText(kind: Kind, error: Exclude<CollectionError, 'optionRequired'>): MessageDescriptor {
  const map: Record<Exclude<CollectionError, 'optionRequired'>, MessageDescriptor> = {
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
  const created = useSelector(actor, (s) => s.context.created);
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const confirming = useSelector(actor, (s) => s.matches('confirmingDelete') || s.matches('deleting'));
  const loadFailed = useSelector(actor, (s) => s.matches('loadFailed'));
  const [renaming, setRenaming] = useState<CollectionItem | null>(null);

  const rename = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (renaming)
      actor.send({
        type: 'item.rename',
        id: renaming.id,
        name: String(new FormData(e.currentTarget).get('name') ?? ''),
      });
    setRenaming(null);
  };

  return (
    <>
      <ContactsNav />
      <Paper withBorder p="lg" radius="md">
        <Stack>
          <Text c="dimmed">{intl.formatMessage(t.intro)}</Text>
          {error && error !== 'optionRequired' ? (
            <Alert color="red" role="alert">
              {intl.formatMessage(errorText(kind, error))}
            </Alert>
          ) : null}
          {loadFailed ? (
            <Button w="fit-content" onClick={() => actor.send({ type: 'collection.retry' })}>
              {intl.formatMessage(commonMessages.retry)}
            </Button>
          ) : null}
          <CollectionCreateForm
            kind={kind}
            folders={folders}
            busy={busy && !confirming}
            created={created}
            optionsError={error === 'optionRequired' ? intl.formatMessage(m.optionRequired) : undefined}
            onCreate={(draft) => actor.send({ type: 'item.create', draft })}
          />
          {items.length === 0 && !busy ? <Text c="dimmed">{intl.formatMessage(t.empty)}</Text> : null}
          {items.length > 0 ? (
            <CollectionTable
              kind={kind}
              items={items}
              folders={folders}
              onRename={setRenaming}
              onDelete={(id) => actor.send({ type: 'item.delete', id })}
            />
          ) : null}
        </Stack>
      </Paper>
      <Modal
        opened={renaming !== null}
        onClose={() => setRenaming(null)}
        title={intl.formatMessage(cm.renameTitle)}
        centered
      >
        <form onSubmit={rename}>
          <Stack>
            <TextInput
              name="name"
              label={intl.formatMessage(m.name)}
              defaultValue={renaming?.name}
              maxLength={100}
              data-autofocus
            />
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
