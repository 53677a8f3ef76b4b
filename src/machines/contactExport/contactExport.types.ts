// Types shared by the contactExport machine and its actors, so neither module imports the other back.
import type { ContactExport, ContactSelection } from '../contactsTable/contacts.types.ts';

export interface ContactExportContext {
  selection: ContactSelection | null;
  progress: { done: number; total: number | null };
  result: ContactExport | null;
  error: 'startFailed' | 'runFailed' | null;
}

export type ContactExportEvent =
  | { type: 'export.start'; selection: ContactSelection }
  | { type: 'export.progressed'; done: number; total: number | null }
  | { type: 'export.completed'; result: ContactExport }
  | { type: 'export.dismiss' };
