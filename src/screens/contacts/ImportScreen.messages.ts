import { defineMessage, defineMessages } from 'react-intl';

export const importMessages = defineMessages({
  intro: {
    id: 'screen.import.intro',
    defaultMessage:
      'Upload one CSV, XLS or XLSX file. The first row is the header: its columns are matched to contact fields.',
  },
  introWithLimit: defineMessage<{ size: string }>({
    id: 'screen.import.introWithLimit',
    defaultMessage:
      'Upload one CSV, XLS or XLSX file, up to {size}. The first row is the header: its columns are matched to contact fields.',
  }),
  file: { id: 'screen.import.file', defaultMessage: 'File to import' },
  filePlaceholder: { id: 'screen.import.filePlaceholder', defaultMessage: 'Choose a CSV, XLS or XLSX file' },
  uploading: { id: 'screen.import.uploading', defaultMessage: 'Uploading and reading the file…' },
  preview: { id: 'screen.import.preview', defaultMessage: 'Preview and column mapping' },
  fileSummary: defineMessage<{ name: string; rows: string }>({
    id: 'screen.import.fileSummary',
    defaultMessage: '{name}: about {rows} rows',
  }),
  columnTarget: defineMessage<{ column: string }>({
    id: 'screen.import.columnTarget',
    defaultMessage: 'Import column {column} as',
  }),
  skip: { id: 'screen.import.skip', defaultMessage: 'Do not import' },
  lists: { id: 'screen.import.lists', defaultMessage: 'Add the contacts to these lists' },
  updateExisting: {
    id: 'screen.import.updateExisting',
    defaultMessage: 'Update contacts that already exist (otherwise skip them)',
  },
  blocklist: { id: 'screen.import.blocklist', defaultMessage: 'Import the contacts as blocklisted' },
  start: { id: 'screen.import.start', defaultMessage: 'Start import' },
  otherFile: { id: 'screen.import.otherFile', defaultMessage: 'Choose another file' },
  running: { id: 'screen.import.running', defaultMessage: 'Importing…' },
  progress: defineMessage<{ processed: number; total: string }>({
    id: 'screen.import.progress',
    defaultMessage: '{processed} of {total} rows',
  }),
  watchFailed: {
    id: 'screen.import.watchFailed',
    defaultMessage: 'The import goes on, but its progress cannot be read right now. Try again to follow it.',
  },
  finished: { id: 'screen.import.finished', defaultMessage: 'Import finished' },
  created: defineMessage<{ count: number }>({ id: 'screen.import.created', defaultMessage: '{count} created' }),
  updated: defineMessage<{ count: number }>({ id: 'screen.import.updated', defaultMessage: '{count} updated' }),
  skipped: defineMessage<{ count: number }>({ id: 'screen.import.skipped', defaultMessage: '{count} skipped' }),
  failedRows: defineMessage<{ count: number }>({
    id: 'screen.import.failedRows',
    defaultMessage: '{count} with errors',
  }),
  errorReport: { id: 'screen.import.errorReport', defaultMessage: 'Download the error report' },
  again: { id: 'screen.import.again', defaultMessage: 'Import another file' },
  toContacts: { id: 'screen.import.toContacts', defaultMessage: 'Go to the contacts' },
  optionsFailed: { id: 'screen.import.optionsFailed', defaultMessage: 'Failed to load the lists.' },
  unsupportedFile: { id: 'screen.import.unsupportedFile', defaultMessage: 'Choose a CSV, XLS or XLSX file.' },
  tooLarge: { id: 'screen.import.tooLarge', defaultMessage: 'You exceeded the maximum filesize' },
  uploadFailed: {
    id: 'screen.import.uploadFailed',
    defaultMessage: 'Error while uploading this file, please try again.',
  },
  startFailed: {
    id: 'screen.import.startFailed',
    defaultMessage: 'The import could not be started, please try again.',
  },
  runFailed: { id: 'screen.import.runFailed', defaultMessage: 'The import failed.' },
  noLists: { id: 'screen.import.noLists', defaultMessage: 'Create a list first.' },
  delete: { id: 'screen.import.delete', defaultMessage: 'Delete import' },
  deleteTitle: { id: 'screen.import.deleteTitle', defaultMessage: 'Delete this import?' },
  deleteText: {
    id: 'screen.import.deleteText',
    defaultMessage: 'The uploaded file and its error report are deleted. Contacts already imported stay.',
  },
  deleteFailed: {
    id: 'screen.import.deleteFailed',
    defaultMessage: 'The import could not be deleted, please try again.',
  },
});
