import { defineMessage, defineMessages } from 'react-intl';

export const contactMessages = defineMessages({
  back: { id: 'screen.contact.back', defaultMessage: 'All contacts' },
  edit: { id: 'screen.contact.edit', defaultMessage: 'Edit' },
  block: { id: 'screen.contact.block', defaultMessage: 'Block' },
  unblock: { id: 'screen.contact.unblock', defaultMessage: 'Unblock' },
  unblockHint: {
    id: 'screen.contact.unblockHint',
    defaultMessage: 'Unblocking reactivates future messages to this contact.',
  },
  exportData: { id: 'screen.contact.exportData', defaultMessage: 'Export data (JSON)' },
  anonymise: { id: 'screen.contact.anonymise', defaultMessage: 'Anonymise' },
  anonymiseText: {
    id: 'screen.contact.anonymiseText',
    defaultMessage:
      'The personal data and notes of this contact will be erased for good. Statistics, country and language stay.',
  },
  deleteText: {
    id: 'screen.contact.deleteText',
    defaultMessage: 'The contact, its notes and its history will be deleted for good.',
  },
  deleteNote: { id: 'screen.contact.deleteNote', defaultMessage: 'Delete note' },
  deleteNoteText: { id: 'screen.contact.deleteNoteText', defaultMessage: 'This note will be deleted for good.' },
  deleted: { id: 'screen.contact.deleted', defaultMessage: 'The contact was deleted.' },
  details: { id: 'screen.contact.details', defaultMessage: 'Details' },
  attributes: { id: 'screen.contact.attributes', defaultMessage: 'Attributes' },
  lists: { id: 'screen.contact.lists', defaultMessage: 'Lists' },
  noLists: { id: 'screen.contact.noLists', defaultMessage: 'Not in any list.' },
  notes: { id: 'screen.contact.notes', defaultMessage: 'Notes' },
  noteLabel: { id: 'screen.contact.noteLabel', defaultMessage: 'New note' },
  addNote: { id: 'screen.contact.addNote', defaultMessage: 'Add note' },
  noNotes: { id: 'screen.contact.noNotes', defaultMessage: 'No notes yet.' },
  moreNotes: { id: 'screen.contact.moreNotes', defaultMessage: 'Show more notes' },
  timeline: { id: 'screen.contact.timeline', defaultMessage: 'Activity' },
  noTimeline: { id: 'screen.contact.noTimeline', defaultMessage: 'No activity yet.' },
  moreTimeline: { id: 'screen.contact.moreTimeline', defaultMessage: 'Show more activity' },
  loadFailed: { id: 'screen.contact.loadFailed', defaultMessage: 'This contact could not be loaded.' },
  notFound: { id: 'screen.contact.notFound', defaultMessage: 'This contact does not exist.' },
  noteFailed: { id: 'screen.contact.noteFailed', defaultMessage: 'Cannot create this note, try later.' },
  noteDeleteFailed: {
    id: 'screen.contact.noteDeleteFailed',
    defaultMessage: 'The note could not be deleted. Please try again.',
  },
  noteGone: { id: 'screen.contact.noteGone', defaultMessage: 'This note had already been deleted.' },
  moreFailed: {
    id: 'screen.contact.moreFailed',
    defaultMessage: 'More entries could not be loaded. Please try again.',
  },
  blockFailed: { id: 'screen.contact.blockFailed', defaultMessage: 'The blocklist status could not be changed.' },
  anonymiseFailed: { id: 'screen.contact.anonymiseFailed', defaultMessage: 'The contact could not be anonymised.' },
  deleteFailed: { id: 'screen.contact.deleteFailed', defaultMessage: 'The contact could not be deleted.' },
  exportFailed: { id: 'screen.contact.exportFailed', defaultMessage: 'The data could not be exported.' },
  /** The timeline entry of the import that created the contact (ContactEvent type contact.imported). */
  eventImported: defineMessage<{ fileName: string }>({
    id: 'screen.contact.event.imported',
    defaultMessage: 'Imported from {fileName}',
  }),
  /** The timeline entry of an import that updated an existing contact (contact.updated with an importId). */
  eventUpdatedByImport: defineMessage<{ fileName: string }>({
    id: 'screen.contact.event.updatedByImport',
    defaultMessage: 'Updated by the import of {fileName}',
  }),
  /** The timeline entry of an import that added an existing contact to one of its lists (list.added with an importId). */
  eventListAddedByImport: defineMessage<{ fileName: string }>({
    id: 'screen.contact.event.listAddedByImport',
    defaultMessage: 'Added to a list by the import of {fileName}',
  }),
});

/** Timeline event codes (ContactEvent.type) the page names; others show their code. */
export const eventMessages = defineMessages({
  'contact.created': { id: 'screen.contact.event.created', defaultMessage: 'Contact created' },
  'contact.updated': { id: 'screen.contact.event.updated', defaultMessage: 'Contact updated' },
  'contact.blocked': { id: 'screen.contact.event.blocked', defaultMessage: 'Added to the blocklist' },
  'contact.unblocked': { id: 'screen.contact.event.unblocked', defaultMessage: 'Removed from the blocklist' },
  'contact.anonymised': { id: 'screen.contact.event.anonymised', defaultMessage: 'Anonymised' },
  'list.added': { id: 'screen.contact.event.listAdded', defaultMessage: 'Added to a list' },
  'list.removed': { id: 'screen.contact.event.listRemoved', defaultMessage: 'Removed from a list' },
});
