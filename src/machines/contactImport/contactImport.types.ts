// Types shared by the contactImport machine and its actors, so neither module imports the other back.
import type {
  ContactImport,
  ContactList,
  ImportColumnTarget,
  ContactAttribute,
} from '../contactsTable/contacts.types.ts';

export interface ImportOptions {
  lists: ContactList[];
  attributes: ContactAttribute[];
}

export type UploadOutcome =
  { kind: 'uploaded'; upload: ContactImport } | { kind: 'rejected'; reason: 'tooLarge' | 'uploadFailed' };

export type StartOutcome =
  { kind: 'started'; upload: ContactImport } | { kind: 'rejected'; reason: 'listRequired' | 'startFailed' };

/** A delete the server refused: the import is queued or running (409). */
export type DeleteOutcome = { kind: 'deleted' } | { kind: 'rejected' };

/** Spec sections 8 and 5: upload failures, the list rule; plus failed loads, a failed run and a run no longer read. */
export type ImportError =
  | 'optionsFailed'
  | 'unsupportedFile'
  | 'tooLarge'
  | 'uploadFailed'
  | 'listRequired'
  | 'startFailed'
  | 'runFailed'
  | 'watchFailed'
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
  /** Reads of the running import that failed in a row; at MAX_READ_FAILURES the run is no longer followed. */
  readFailures: number;
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
  | { type: 'import.ended' }
  | { type: 'watch.retry' }
  | { type: 'import.again' }
  | { type: 'import.delete' }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };
