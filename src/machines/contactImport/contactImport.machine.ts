import { assign, setup } from 'xstate';
import type { ContactImport, ImportColumnTarget } from '../contactsTable/contacts.types.ts';
import { MAX_READ_FAILURES } from '../readFailures.ts';
import {
  deleteImport,
  IMPORT_POLL_MS,
  loadImportLimits,
  loadImportOptions,
  readImport,
  startImport,
  uploadFile,
  watchImport,
} from './contactImport.actors.ts';
import type {
  ImportOptions,
  UploadOutcome,
  StartOutcome,
  DeleteOutcome,
  ImportError,
  ImportProgress,
  ContactImportContext,
  ContactImportEvent,
} from './contactImport.types.ts';

export type * from './contactImport.types.ts';

export { MAX_READ_FAILURES } from '../readFailures.ts';

const SUPPORTED = /\.(csv|xls|xlsx)$/i;
/** Back from deleting to the step the import is at: mapping (not started), failed or finished; with an error or not. */
const back = (error?: ImportError) =>
  (['isNotStarted', 'hasRunFailed', undefined] as const).map((guard, i) => ({
    ...(guard ? { guard } : {}),
    target: (['mapping', 'failed', 'finished'] as const)[i]!,
    ...(error ? { actions: { type: 'failWith' as const, params: error } } : {}),
  }));
const NO_PROGRESS: ImportProgress = { processed: 0, total: null };
const isDone = (upload: ContactImport) => upload.status === 'finished' || upload.status === 'failed';

/**
 * The contact import wizard. `loadingOptions` reads lists and attributes → `choosing` (pick a CSV/XLS/XLSX file no
 * larger than the server's limit, read from the start beside the lists) → `uploading` → `mapping` (preview, columns
 * auto-matched by the server, target lists and options) → `starting` → `running` (progress over realtime; the
 * import is read on entry, every `importPoll` and when realtime says it ended) → `finished` (counts, error report)
 * or `failed`. MAX_READ_FAILURES failed reads in a row leave `running` for `watchFailed`, where the user can retry.
 * From `mapping`, `finished` and `failed` the import can be deleted (file and report with it) after
 * `confirmingDelete`; `deleting` ends on a fresh `choosing`, and a cancel or a refused delete goes back to the step
 * it came from.
 */
export const contactImportMachine = setup({
  types: { context: {} as ContactImportContext, events: {} as ContactImportEvent },
  actors: { loadImportOptions, loadImportLimits, uploadFile, startImport, readImport, watchImport, deleteImport },
  delays: { importPoll: IMPORT_POLL_MS },
  guards: {
    isUnsupportedFile: (_, file: File) => !SUPPORTED.test(file.name),
    isTooLarge: ({ context }, file: File) => context.maxFileBytes !== null && file.size > context.maxFileBytes,
    isUploaded: (_, outcome: UploadOutcome) => outcome.kind === 'uploaded',
    hasLists: ({ context }) => context.listIds.length > 0,
    isStarted: (_, outcome: StartOutcome) => outcome.kind === 'started',
    isDone: (_, upload: ContactImport) => isDone(upload),
    isFinished: (_, upload: ContactImport) => upload.status === 'finished',
    isLastReadFailure: ({ context }) => context.readFailures + 1 >= MAX_READ_FAILURES,
    isNotStarted: ({ context }) => context.upload?.status === 'uploaded',
    hasRunFailed: ({ context }) => context.upload?.status === 'failed',
    isDeleted: (_, outcome: DeleteOutcome) => outcome.kind === 'deleted',
  },
  actions: {
    assignOptions: assign((_, options: ImportOptions) => ({ options, error: null })),
    assignLimit: assign((_, maxFileBytes: number) => ({ maxFileBytes })),
    assignFile: assign((_, file: File) => ({ file, error: null })),
    assignUpload: assign((_, outcome: UploadOutcome) =>
      outcome.kind === 'uploaded'
        ? { upload: outcome.upload, mapping: outcome.upload.suggestedMapping, error: null }
        : { error: outcome.reason },
    ),
    assignStarted: assign((_, outcome: StartOutcome) =>
      outcome.kind === 'started'
        ? { upload: outcome.upload, progress: NO_PROGRESS, readFailures: 0, error: null }
        : {
            error: outcome.reason,
          },
    ),
    assignMapping: assign(({ context }, change: { column: number; target: ImportColumnTarget }) => ({
      mapping: context.mapping.map((t, i) => (i === change.column ? change.target : t)),
    })),
    assignLists: assign((_, listIds: number[]) => ({ listIds, error: null })),
    assignFlags: assign(({ context }, flags: { updateExisting?: boolean; blocklist?: boolean }) => ({
      updateExisting: flags.updateExisting ?? context.updateExisting,
      blocklist: flags.blocklist ?? context.blocklist,
    })),
    assignProgress: assign((_, progress: ImportProgress) => ({ progress })),
    assignRead: assign((_, upload: ContactImport) => ({
      upload,
      progress: { processed: upload.processed, total: upload.estimatedRows },
      readFailures: 0,
    })),
    assignCompleted: assign((_, upload: ContactImport) => ({
      upload,
      progress: { processed: upload.processed, total: upload.processed },
      readFailures: 0,
      error: upload.status === 'failed' ? ('runFailed' as const) : null,
    })),
    countReadFailure: assign(({ context }) => ({ readFailures: context.readFailures + 1 })),
    reset: assign({
      file: null,
      upload: null,
      mapping: [],
      listIds: [],
      updateExisting: true,
      blocklist: false,
      progress: NO_PROGRESS,
      readFailures: 0,
      error: null,
    }),
    failWith: assign((_, error: ImportError) => ({ error })),
    followAgain: assign({ readFailures: 0, error: null }),
  },
}).createMachine({
  id: 'contactImport',
  context: {
    options: { lists: [], attributes: [] },
    maxFileBytes: null,
    file: null,
    upload: null,
    mapping: [],
    listIds: [],
    updateExisting: true,
    blocklist: false,
    progress: NO_PROGRESS,
    readFailures: 0,
    error: null,
  },
  invoke: {
    id: 'loadImportLimits',
    src: 'loadImportLimits',
    onDone: { actions: { type: 'assignLimit', params: ({ event }) => event.output.maxFileBytes } },
    onError: { description: 'Without the limit every supported file is sent; the server refuses one too large (413).' },
  },
  initial: 'loadingOptions',
  states: {
    loadingOptions: {
      tags: ['busy'],
      invoke: {
        id: 'loadImportOptions',
        src: 'loadImportOptions',
        onDone: { target: 'choosing', actions: { type: 'assignOptions', params: ({ event }) => event.output } },
        onError: { target: 'optionsFailed', actions: { type: 'failWith', params: 'optionsFailed' } },
      },
    },
    optionsFailed: { tags: ['error'], on: { 'options.retry': 'loadingOptions' } },
    choosing: {
      tags: ['editable'],
      on: {
        'file.choose': [
          {
            guard: { type: 'isUnsupportedFile', params: ({ event }) => event.file },
            actions: { type: 'failWith', params: 'unsupportedFile' },
          },
          {
            guard: { type: 'isTooLarge', params: ({ event }) => event.file },
            actions: { type: 'failWith', params: 'tooLarge' },
          },
          { target: 'uploading', actions: { type: 'assignFile', params: ({ event }) => event.file } },
        ],
      },
    },
    uploading: {
      tags: ['busy'],
      invoke: {
        id: 'uploadFile',
        src: 'uploadFile',
        input: ({ context }) => ({ file: context.file! }),
        onDone: [
          {
            guard: { type: 'isUploaded', params: ({ event }) => event.output },
            target: 'mapping',
            actions: { type: 'assignUpload', params: ({ event }) => event.output },
          },
          { target: 'choosing', actions: { type: 'assignUpload', params: ({ event }) => event.output } },
        ],
        onError: { target: 'choosing', actions: { type: 'failWith', params: 'uploadFailed' } },
      },
    },
    mapping: {
      tags: ['editable'],
      on: {
        'mapping.change': {
          actions: { type: 'assignMapping', params: ({ event }) => ({ column: event.column, target: event.target }) },
        },
        'lists.change': { actions: { type: 'assignLists', params: ({ event }) => event.listIds } },
        'options.change': {
          actions: {
            type: 'assignFlags',
            params: ({ event }) => ({ updateExisting: event.updateExisting, blocklist: event.blocklist }),
          },
        },
        'file.reset': { target: 'choosing', actions: 'reset' },
        'import.delete': 'confirmingDelete',
        'import.start': [
          { guard: 'hasLists', target: 'starting' },
          { actions: { type: 'failWith', params: 'listRequired' } },
        ],
      },
    },
    starting: {
      tags: ['busy'],
      invoke: {
        id: 'startImport',
        src: 'startImport',
        input: ({ context }) => ({
          importId: context.upload!.id,
          mapping: context.mapping,
          listIds: context.listIds,
          updateExisting: context.updateExisting,
          blocklist: context.blocklist,
        }),
        onDone: [
          {
            guard: { type: 'isStarted', params: ({ event }) => event.output },
            target: 'running',
            actions: { type: 'assignStarted', params: ({ event }) => event.output },
          },
          { target: 'mapping', actions: { type: 'assignStarted', params: ({ event }) => event.output } },
        ],
        onError: { target: 'mapping', actions: { type: 'failWith', params: 'startFailed' } },
      },
    },
    running: {
      tags: ['busy'],
      invoke: { id: 'watchImport', src: 'watchImport', input: ({ context }) => ({ importId: context.upload!.id }) },
      on: {
        'import.progressed': {
          actions: {
            type: 'assignProgress',
            params: ({ event }) => ({ processed: event.processed, total: event.total }),
          },
        },
      },
      initial: 'reading',
      states: {
        reading: {
          invoke: {
            id: 'readImport',
            src: 'readImport',
            input: ({ context }) => ({ importId: context.upload!.id }),
            onDone: [
              {
                guard: { type: 'isFinished', params: ({ event }) => event.output },
                target: '#contactImport.finished',
                actions: { type: 'assignCompleted', params: ({ event }) => event.output },
              },
              {
                guard: { type: 'isDone', params: ({ event }) => event.output },
                target: '#contactImport.failed',
                actions: { type: 'assignCompleted', params: ({ event }) => event.output },
              },
              { target: 'waiting', actions: { type: 'assignRead', params: ({ event }) => event.output } },
            ],
            onError: [
              {
                guard: 'isLastReadFailure',
                target: '#contactImport.watchFailed',
                actions: ['countReadFailure', { type: 'failWith', params: 'watchFailed' }],
              },
              { target: 'waiting', actions: 'countReadFailure' },
            ],
          },
        },
        waiting: { after: { importPoll: 'reading' }, on: { 'import.ended': 'reading' } },
      },
    },
    watchFailed: {
      tags: ['error'],
      on: {
        'watch.retry': { target: 'running', actions: 'followAgain' },
        'import.again': { target: 'choosing', actions: 'reset' },
      },
    },
    finished: { on: { 'import.again': { target: 'choosing', actions: 'reset' }, 'import.delete': 'confirmingDelete' } },
    failed: {
      tags: ['error'],
      on: { 'import.again': { target: 'choosing', actions: 'reset' }, 'import.delete': 'confirmingDelete' },
    },
    confirmingDelete: { on: { 'delete.confirm': 'deleting', 'delete.cancel': back() } },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteImport',
        src: 'deleteImport',
        input: ({ context }) => ({ importId: context.upload!.id }),
        onDone: [
          { guard: { type: 'isDeleted', params: ({ event }) => event.output }, target: 'choosing', actions: 'reset' },
          ...back('deleteFailed'),
        ],
        onError: back('deleteFailed'),
      },
    },
  },
});
