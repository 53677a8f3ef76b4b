import type { components } from '../../../shared/contract/schema';
import type { Channel } from '../../../shared/messaging.ts';
import type { TemplateStarter } from '../../../shared/templates.ts';

export type TemplateSummary = components['schemas']['TemplateSummary'];

export interface TemplatePage {
  items: TemplateSummary[];
  page: number;
  pages: number;
  total: number;
}

export interface TemplateQuery {
  channel: Channel;
  q: string;
  page: number;
}

export type LibraryError =
  'loadFailed' | 'nameRequired' | 'createFailed' | 'renameFailed' | 'duplicateFailed' | 'deleteFailed';

/** A write the server may refuse with 422 (a blank name): a typed outcome, not an error. */
export type WriteOutcome = { kind: 'saved'; id: number } | { kind: 'rejected' };

export interface TemplateLibraryInput {
  channel: Channel;
}

export interface TemplateLibraryContext {
  query: TemplateQuery;
  data: TemplatePage;
  /** The template being created. */
  draft: { name: string; starter: TemplateStarter } | null;
  /** The template being renamed or deleted. */
  pending: { id: number; name: string } | null;
  /** The template just created: the screen opens it in the editor. */
  createdId: number | null;
  error: LibraryError | null;
}

export type TemplateLibraryEvent =
  | { type: 'library.retry' }
  /** The editor closed: the list may have changed. */
  | { type: 'library.reload' }
  | { type: 'library.search'; q: string }
  | { type: 'library.page'; page: number }
  | { type: 'create.open' }
  | { type: 'template.create'; name: string; starter: TemplateStarter }
  | { type: 'template.duplicate'; id: number }
  | { type: 'rename.open'; id: number; name: string }
  | { type: 'template.rename'; name: string }
  | { type: 'dialog.cancel' }
  | { type: 'template.delete'; id: number; name: string }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' };
