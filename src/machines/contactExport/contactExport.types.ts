// Types shared by the contactExport machine and its actors, so neither module imports the other back.
import type { ContactExport, ContactSelection } from '../contactsTable/contacts.types.ts';

/** A failed start, a failed run, and a run no longer read (MAX_READ_FAILURES failed reads in a row). */
export type ExportError = 'startFailed' | 'runFailed' | 'watchFailed';

export interface ExportProgress {
  done: number;
  total: number | null;
}

export interface ContactExportContext {
  selection: ContactSelection | null;
  progress: ExportProgress;
  result: ContactExport | null;
  /** Reads of the running export that failed in a row; at MAX_READ_FAILURES the export is no longer followed. */
  readFailures: number;
  error: ExportError | null;
}

export type ContactExportEvent =
  | { type: 'export.start'; selection: ContactSelection }
  | { type: 'export.progressed'; done: number; total: number | null }
  | { type: 'export.ended' }
  | { type: 'watch.retry' }
  | { type: 'export.dismiss' };
