import { defineMessage, defineMessages } from 'react-intl';

export const attributesMessages = defineMessages({
  intro: {
    id: 'screen.attributes.intro',
    defaultMessage:
      'Custom fields every contact can have, such as a plan or a birthday. Segments and imports use them.',
  },
  create: { id: 'screen.attributes.create', defaultMessage: 'Create attribute' },
  createFailed: { id: 'screen.attributes.createFailed', defaultMessage: 'Error creating this attribute.' },
  empty: { id: 'screen.attributes.empty', defaultMessage: 'No attributes yet.' },
  deleteText: {
    id: 'screen.attributes.deleteText',
    defaultMessage: 'The attribute and its value on every contact will be deleted.',
  },
  type: { id: 'screen.attributes.type', defaultMessage: 'Type' },
  options: { id: 'screen.attributes.options', defaultMessage: 'Choices' },
});

export const foldersMessages = defineMessages({
  intro: { id: 'screen.folders.intro', defaultMessage: 'Folders group your lists.' },
  create: { id: 'screen.folders.create', defaultMessage: 'Create folder' },
  createFailed: { id: 'screen.folders.createFailed', defaultMessage: 'Error creating this folder.' },
  empty: { id: 'screen.folders.empty', defaultMessage: 'No folders yet.' },
  deleteText: { id: 'screen.folders.deleteText', defaultMessage: 'The folder will be deleted.' },
  notEmpty: { id: 'screen.folders.notEmpty', defaultMessage: 'A folder that is not empty cannot be deleted' },
  size: defineMessage<{ count: number }>({
    id: 'screen.folders.size',
    defaultMessage: '{count, plural, one {# list} other {# lists}}',
  }),
});

export const listsMessages = defineMessages({
  intro: {
    id: 'screen.lists.intro',
    defaultMessage: 'Lists hold the contacts you send to. A contact can be in many lists.',
  },
  create: { id: 'screen.lists.create', defaultMessage: 'Create list' },
  createFailed: { id: 'screen.lists.createFailed', defaultMessage: 'Error creating this list.' },
  empty: { id: 'screen.lists.empty', defaultMessage: 'No lists yet.' },
  deleteText: { id: 'screen.lists.deleteText', defaultMessage: 'The list will be deleted; its contacts stay.' },
  folder: { id: 'screen.lists.folder', defaultMessage: 'Folder' },
  defaultFolder: { id: 'screen.lists.defaultFolder', defaultMessage: 'My lists' },
  show: { id: 'screen.lists.show', defaultMessage: 'Show contacts' },
  size: defineMessage<{ count: number }>({
    id: 'screen.lists.size',
    defaultMessage: '{count, plural, one {# contact} other {# contacts}}',
  }),
});

export const collectionMessages = defineMessages({
  loadFailed: { id: 'screen.collection.loadFailed', defaultMessage: 'This page could not be loaded.' },
  renameFailed: { id: 'screen.collection.renameFailed', defaultMessage: 'Error renaming this item.' },
  deleteFailed: { id: 'screen.collection.deleteFailed', defaultMessage: 'Error deleting this item.' },
  renameTitle: { id: 'screen.collection.renameTitle', defaultMessage: 'New name' },
});
