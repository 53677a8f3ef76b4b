import { assign, not, setup } from 'xstate';
import type { ContactImport, ContactList, ImportColumnTarget, ContactAttribute } from '../contactsTable/contacts.types.ts';
import {
  deleteImport,
  loadImportLimits,
  loadImportOptions,
  startImport,
  uploadFile,
  watchImport,
} from './contactImport.actors.ts';

export interface ImportOptions {
  lists: ContactList[];
  attributes: ContactAttribute[];
}

export type UploadOutcome = { kind: 'uploaded'; upload: ContactImport } | { kind: 'rejected'; reason: 'tooLarge' | 'uploadFailed' };
export type StartOutcome = { kind: 'started'; upload: ContactImport } | { kind: 'rejected'; reason: 'listRequired' | 'startFailed' };
/** A delete the server refused: the import is queued or running (409). */
export type DeleteOutcome = { kind: 'deleted' } | { kind: 'rejected' };

/** Spec section 8 and 5: upload failures, the list rule; plus failed loads and a failed run. */
export type ImportError =
  | 'optionsFailed'
  | 'unsupportedFile'
  | 'tooLarge'
  | 'uploadFailed'
  | 'listRequired'
  | 'startFailed'
  | 'runFailed'
  | 'deleteFailed';

export interface ImportProgress {
  processed: number;
  total: number | null;
}

export interface ContactImportContext {
  options: ImportOptions;
  /** The largest file the server accepts; null until known, or when it could not be read (the server still answers 413). */
  maxFileBytes: number | null;
  file: File | null;
  upload: ContactImport | null;
  mapping: ImportColumnTarget[];
  listIds: number[];
  updateExisting: boolean;
  blocklist: boolean;
  progress: ImportProgress;
  error: ImportError | null;
}

export type ContactImportEvent =
  | { type: 'options.retry' }
  | { type: 'file.choose'; file: File }
  | { type: 'file.reset' }
  | { type: 'mapping.change'; column: number; target: ImportColumnTarget }
  | { type: 'lists.change'; listIds: number[] }
  | { type: 'options.change'; updateExisting?: boolean; blocklist?: boolean }
  | { type: 'import.start' }
  | { type: 'import.progressed'; processed: number; total: number | null }
  | { type: 'import.completed'; upload: ContactImport }
  | { type: 'import.again' }
  | { type: 'import.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };

const SUPPORTED = /\.(csv|xls|xlsx)$/i;
/** Back from deleting to the step the import is at: mapping (not started), failed or finished; with an error or not. */
const back = (error?: ImportError) =>
  (['isNotStarted', 'hasRunFailed', undefined] as const).map((guard, i) => ({
    ...(guard ? { guard } : {}),
    target: (['mapping', 'failed', 'finished'] as const)[i]!,
    ...(error ? { actions: { type: 'failWith' as const, params: error } } : {}),
  }));
const NO_PROGRESS: ImportProgress = { processed: 0, total: null };

/**
 * The contact import wizard. `loadingOptions` reads lists and attributes → `choosing` (pick a CSV/XLS/XLSX file no
 * larger than the server's limit, read from the start beside the lists) → `uploading` → `mapping` (preview, columns
 * auto-matched by the server, target lists and options) → `starting` → `running` (progress over realtime, with a
 * polling fallback) → `finished` (counts, error report) or `failed`. From `mapping`, `finished` and `failed` the
 * import can be deleted (file and report with it) after `confirmingDelete`; `deleting` ends on a fresh `choosing`,
 * and a cancel or a refused delete goes back to the step it came from.
 */
export const contactImportMachine = setup({
  types: { context: {} as ContactImportContext, events: {} as ContactImportEvent },
  actors: { loadImportOptions, loadImportLimits, uploadFile, startImport, watchImport, deleteImport },
  guards: {
    isSupportedFile: ({ event }) => event.type === 'file.choose' && SUPPORTED.test(event.file.name),
    isTooLarge: ({ context, event }) => event.type === 'file.choose' && context.maxFileBytes !== null && event.file.size > context.maxFileBytes,
    isUploaded: (_, outcome: UploadOutcome) => outcome.kind === 'uploaded',
    hasLists: ({ context }) => context.listIds.length > 0,
    isStarted: (_, outcome: StartOutcome) => outcome.kind === 'started',
    isFinished: ({ event }) => event.type === 'import.completed' && event.upload.status === 'finished',
    isNotStarted: ({ context }) => context.upload?.status === 'uploaded',
    hasRunFailed: ({ context }) => context.upload?.status === 'failed',
    isDeleted: (_, outcome: DeleteOutcome) => outcome.kind === 'deleted',
  },
  actions: {
    assignOptions: assign((_, options: ImportOptions) => ({ options, error: null })),
    assignLimit: assign((_, maxFileBytes: number) => ({ maxFileBytes })),
    assignFile: assign(({ event }) => (event.type === 'file.choose' ? { file: event.file, error: null } : {})),
    assignUpload: assign((_, outcome: UploadOutcome) =>
      outcome.kind === 'uploaded' ? { upload: outcome.upload, mapping: outcome.upload.suggestedMapping, error: null } : { error: outcome.reason },
    ),
    assignStarted: assign((_, outcome: StartOutcome) =>
      outcome.kind === 'started' ? { upload: outcome.upload, progress: NO_PROGRESS, error: null } : { error: outcome.reason },
    ),
    assignMapping: assign(({ context, event }) =>
      event.type === 'mapping.change' ? { mapping: context.mapping.map((t, i) => (i === event.column ? event.target : t)) } : {},
    ),
    assignLists: assign(({ event }) => (event.type === 'lists.change' ? { listIds: event.listIds, error: null } : {})),
    assignFlags: assign(({ context, event }) =>
      event.type === 'options.change'
        ? { updateExisting: event.updateExisting ?? context.updateExisting, blocklist: event.blocklist ?? context.blocklist }
        : {},
    ),
    assignProgress: assign(({ event }) => (event.type === 'import.progressed' ? { progress: { processed: event.processed, total: event.total } } : {})),
    assignCompleted: assign(({ event }) =>
      event.type === 'import.completed'
        ? { upload: event.upload, progress: { processed: event.upload.processed, total: event.upload.processed }, error: event.upload.status === 'failed' ? 'runFailed' : null }
        : {},
    ),
    reset: assign({ file: null, upload: null, mapping: [], listIds: [], updateExisting: true, blocklist: false, progress: NO_PROGRESS, error: null }),
    failWith: assign((_, error: ImportError) => ({ error })),
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
          { guard: not('isSupportedFile'), actions: { type: 'failWith', params: 'unsupportedFile' } },
          { guard: 'isTooLarge', actions: { type: 'failWith', params: 'tooLarge' } },
          { target: 'uploading', actions: 'assignFile' },
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
          { guard: { type: 'isUploaded', params: ({ event }) => event.output }, target: 'mapping', actions: { type: 'assignUpload', params: ({ event }) => event.output } },
          { target: 'choosing', actions: { type: 'assignUpload', params: ({ event }) => event.output } },
        ],
        onError: { target: 'choosing', actions: { type: 'failWith', params: 'uploadFailed' } },
      },
    },
    mapping: {
      tags: ['editable'],
      on: {
        'mapping.change': { actions: 'assignMapping' },
        'lists.change': { actions: 'assignLists' },
        'options.change': { actions: 'assignFlags' },
        'file.reset': { target: 'choosing', actions: 'reset' },
        'import.delete': 'confirmingDelete',
        'import.start': [{ guard: 'hasLists', target: 'starting' }, { actions: { type: 'failWith', params: 'listRequired' } }],
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
          { guard: { type: 'isStarted', params: ({ event }) => event.output }, target: 'running', actions: { type: 'assignStarted', params: ({ event }) => event.output } },
          { target: 'mapping', actions: { type: 'assignStarted', params: ({ event }) => event.output } },
        ],
        onError: { target: 'mapping', actions: { type: 'failWith', params: 'startFailed' } },
      },
    },
    running: {
      tags: ['busy'],
      invoke: { id: 'watchImport', src: 'watchImport', input: ({ context }) => ({ importId: context.upload!.id }) },
      on: {
        'import.progressed': { actions: 'assignProgress' },
        'import.completed': [{ guard: 'isFinished', target: 'finished', actions: 'assignCompleted' }, { target: 'failed', actions: 'assignCompleted' }],
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
