import { defineMessage, defineMessages } from 'react-intl';

export const contactsTableMessages = defineMessages({
  search: { id: 'screen.contactsTable.search', defaultMessage: 'Search by email, name or phone' },
  filter: { id: 'screen.contactsTable.filter', defaultMessage: 'Show' },
  allContacts: { id: 'screen.contactsTable.allContacts', defaultMessage: 'All contacts' },
  listsGroup: { id: 'screen.contactsTable.listsGroup', defaultMessage: 'Lists' },
  segmentsGroup: { id: 'screen.contactsTable.segmentsGroup', defaultMessage: 'Segments' },
  sort: { id: 'screen.contactsTable.sort', defaultMessage: 'Sort by' },
  sortNewest: { id: 'screen.contactsTable.sortNewest', defaultMessage: 'Newest first' },
  sortOldest: { id: 'screen.contactsTable.sortOldest', defaultMessage: 'Oldest first' },
  sortEmail: { id: 'screen.contactsTable.sortEmail', defaultMessage: 'Email A–Z' },
  sortEmailDesc: { id: 'screen.contactsTable.sortEmailDesc', defaultMessage: 'Email Z–A' },
  sortFirstName: { id: 'screen.contactsTable.sortFirstName', defaultMessage: 'First name A–Z' },
  sortFirstNameDesc: { id: 'screen.contactsTable.sortFirstNameDesc', defaultMessage: 'First name Z–A' },
  sortLastName: { id: 'screen.contactsTable.sortLastName', defaultMessage: 'Last name A–Z' },
  sortLastNameDesc: { id: 'screen.contactsTable.sortLastNameDesc', defaultMessage: 'Last name Z–A' },
  columns: { id: 'screen.contactsTable.columns', defaultMessage: 'Attribute columns' },
  create: { id: 'screen.contactsTable.create', defaultMessage: 'Create contact' },
  total: defineMessage<{ count: number }>({
    id: 'screen.contactsTable.total',
    defaultMessage: '{count, plural, one {# contact} other {# contacts}}',
  }),
  selected: defineMessage<{ count: number }>({
    id: 'screen.contactsTable.selected',
    defaultMessage: '{count} selected',
  }),
  allSelected: defineMessage<{ count: number }>({
    id: 'screen.contactsTable.allSelected',
    defaultMessage: 'All {count} matching contacts selected',
  }),
  selectAll: defineMessage<{ count: number }>({
    id: 'screen.contactsTable.selectAll',
    defaultMessage: 'Select all {count} matching contacts',
  }),
  selectLoaded: { id: 'screen.contactsTable.selectLoaded', defaultMessage: 'Select the loaded contacts' },
  clearSelection: { id: 'screen.contactsTable.clearSelection', defaultMessage: 'Clear selection' },
  selectRow: defineMessage<{ email: string }>({
    id: 'screen.contactsTable.selectRow',
    defaultMessage: 'Select {email}',
  }),
  bulkList: { id: 'screen.contactsTable.bulkList', defaultMessage: 'List' },
  addToList: { id: 'screen.contactsTable.addToList', defaultMessage: 'Add to list' },
  removeFromList: { id: 'screen.contactsTable.removeFromList', defaultMessage: 'Remove from list' },
  block: { id: 'screen.contactsTable.block', defaultMessage: 'Block' },
  unblock: { id: 'screen.contactsTable.unblock', defaultMessage: 'Unblock' },
  delete: { id: 'screen.contactsTable.delete', defaultMessage: 'Delete' },
  export: { id: 'screen.contactsTable.export', defaultMessage: 'Export' },
  deleteText: {
    id: 'screen.contactsTable.deleteText',
    defaultMessage: 'The selected contacts, their notes and their history will be deleted for good.',
  },
  bulkWorkflow: { id: 'screen.contactsTable.bulkWorkflow', defaultMessage: 'Workflow' },
  enrol: { id: 'screen.contactsTable.enrol', defaultMessage: 'Add to workflow' },
  noActiveWorkflow: { id: 'screen.contactsTable.noActiveWorkflow', defaultMessage: 'No active workflow' },
  workflowRequired: { id: 'screen.contactsTable.workflowRequired', defaultMessage: 'Choose a workflow first' },
  enrolled: defineMessage<{ count: number }>({
    id: 'screen.contactsTable.enrolled',
    defaultMessage:
      '{count, plural, =0 {No contact enrolled: they are in the workflow already} one {# contact enrolled in the workflow} other {# contacts enrolled in the workflow}}',
  }),
  affected: defineMessage<{ count: number }>({
    id: 'screen.contactsTable.affected',
    defaultMessage: '{count, plural, one {# contact changed} other {# contacts changed}}',
  }),
  empty: { id: 'screen.contactsTable.empty', defaultMessage: 'No contacts match.' },
  loadingMore: { id: 'screen.contactsTable.loadingMore', defaultMessage: 'Loading more contacts…' },
  nothingSelected: { id: 'screen.contactsTable.nothingSelected', defaultMessage: 'Select one or more contacts first' },
  loadFailed: { id: 'screen.contactsTable.loadFailed', defaultMessage: 'Failed to load the contacts.' },
  optionsFailed: {
    id: 'screen.contactsTable.optionsFailed',
    defaultMessage: 'Failed to load the folders, lists or segments.',
  },
  bulkFailed: {
    id: 'screen.contactsTable.bulkFailed',
    defaultMessage: 'The action could not be applied, please try again.',
  },
  exporting: defineMessage<{ done: number; total: string }>({
    id: 'screen.contactsTable.exporting',
    defaultMessage: 'Preparing the download: {done} of {total} contacts',
  }),
  exportReady: { id: 'screen.contactsTable.exportReady', defaultMessage: 'Your download is ready.' },
  exportDownload: { id: 'screen.contactsTable.exportDownload', defaultMessage: 'Download CSV' },
  exportFailed: { id: 'screen.contactsTable.exportFailed', defaultMessage: 'Failed to download the contacts.' },
  exportWatchFailed: {
    id: 'screen.contactsTable.exportWatchFailed',
    defaultMessage: 'The export goes on, but its progress cannot be read right now. Try again to follow it.',
  },
  contactsLabel: { id: 'screen.contactsTable.label', defaultMessage: 'Contacts' },
  noticeSortInvalid: {
    id: 'screen.contactsTable.noticeSortInvalid',
    defaultMessage: 'The sort order in the link is not one we know, so the newest contacts are shown first.',
  },
  noticeSearchTooLong: {
    id: 'screen.contactsTable.noticeSearchTooLong',
    defaultMessage: 'The search in the link was longer than 100 characters and has been shortened.',
  },
  noticeListNotFound: {
    id: 'screen.contactsTable.noticeListNotFound',
    defaultMessage: 'The list in the link does not exist or you cannot open it, so all contacts are shown.',
  },
  noticeSegmentNotFound: {
    id: 'screen.contactsTable.noticeSegmentNotFound',
    defaultMessage: 'The segment in the link does not exist or you cannot open it, so all contacts are shown.',
  },
  noticeFilterConflict: {
    id: 'screen.contactsTable.noticeFilterConflict',
    defaultMessage: 'The link filters by a list and a segment at once; only the list is applied.',
  },
  noticeColumnsNotFound: {
    id: 'screen.contactsTable.noticeColumnsNotFound',
    defaultMessage: 'Some columns in the link are not contact attributes and have been left out.',
  },
  noticeViewRejected: {
    id: 'screen.contactsTable.noticeViewRejected',
    defaultMessage: 'The filters in the link could not be applied, so all contacts are shown in the default order.',
  },
});

export const contactFormMessages = defineMessages({
  createTitle: { id: 'screen.contactForm.createTitle', defaultMessage: 'New contact' },
  editTitle: { id: 'screen.contactForm.editTitle', defaultMessage: 'Edit contact' },
  blocked: { id: 'screen.contactForm.blocked', defaultMessage: 'Add to the blocklist' },
  saveFailed: {
    id: 'screen.contactForm.saveFailed',
    defaultMessage: 'The contact could not be saved, please try again.',
  },
  emailRequired: { id: 'screen.contactForm.emailRequired', defaultMessage: 'Email is required.' },
  emailTooShort: { id: 'screen.contactForm.emailTooShort', defaultMessage: 'Email must be at least 5 characters.' },
  emailInvalid: { id: 'screen.contactForm.emailInvalid', defaultMessage: 'Enter a valid email address.' },
  emailTooLong: { id: 'screen.contactForm.emailTooLong', defaultMessage: 'Email can be at most 254 characters.' },
  nameTooLong: { id: 'screen.contactForm.nameTooLong', defaultMessage: 'A name can be at most 100 characters.' },
  addressTooLong: {
    id: 'screen.contactForm.addressTooLong',
    defaultMessage: 'The address can be at most 500 characters.',
  },
  phoneLength: { id: 'screen.contactForm.phoneLength', defaultMessage: 'The phone number must have 4 to 20 digits.' },
  prefixInvalid: {
    id: 'screen.contactForm.prefixInvalid',
    defaultMessage: 'The prefix is a country calling code of 1 to 4 digits, such as 39 or +39.',
  },
  countryInvalid: {
    id: 'screen.contactForm.countryInvalid',
    defaultMessage: 'Enter a two-letter country code, such as IT or GB.',
  },
  languageInvalid: {
    id: 'screen.contactForm.languageInvalid',
    defaultMessage: 'Enter a language code, such as it or en-gb.',
  },
});
