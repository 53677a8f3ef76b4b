import type { Contact, ContactAttribute, ContactList, ContactSort, Segment } from './contacts.types.ts';
import type { ContactQuery, ParsedView, QueryRejection, TableView, ViewNotice } from './tableView.ts';

/** The contacts table machine's context, events, emitted events and actor outputs. */

/** An active workflow a selection can be enrolled in by hand. */
export interface WorkflowChoice {
  id: number;
  name: string;
}

export interface TableOptions {
  lists: ContactList[];
  /** The company's active workflows (manual enrolment of a selection). */
  workflows: WorkflowChoice[];
  segments: Segment[];
  attributes: ContactAttribute[];
  /** Every list of the company was loaded (not only the first page). */
  listsComplete: boolean;
}

export interface ContactPage {
  rows: Contact[];
  total: number | null;
  page: number;
  /** Where the next page starts (the API's keyset cursor); absent or null when no cursor was given. */
  nextCursor?: string | null;
}

/** A page, or the API's refusal of the query (404 / 422) as a typed outcome. */
export type PageOutcome = ({ kind: 'loaded' } & ContactPage) | { kind: 'rejected'; reason: QueryRejection };

export type BulkAction = 'addToList' | 'removeFromList' | 'block' | 'unblock' | 'delete' | 'export' | 'enrolInWorkflow';
export interface BulkRequest {
  action: BulkAction;
  listId?: number;
  workflowId?: number;
}

/** Spec section 5: 'Select one or more contacts first', 'At least one list is required'; plus failed calls. */
export type TableError =
  'optionsFailed' | 'loadFailed' | 'nothingSelected' | 'listRequired' | 'workflowRequired' | 'bulkFailed';

export interface ContactsTableContext extends TableOptions {
  query: ContactQuery;
  rows: Contact[];
  total: number | null;
  page: number;
  /** The loaded pages' nextCursor: the next page is asked after it, so a deep page costs what the first does. */
  cursor: string | null;
  columns: number[];
  selectedIds: number[];
  /** Every contact matching the query is selected (except none): the selection travels as a filter. */
  allMatching: boolean;
  bulk: BulkRequest | null;
  affected: number | null;
  /** The action `affected` counts (its notice says what happened). */
  affectedBy: BulkAction | null;
  error: TableError | null;
  /** Why the view shown differs from the one the address asked for. */
  notices: ViewNotice[];
}

export type ContactsTableEvent =
  | { type: 'table.retry' }
  | { type: 'query.search'; q: string }
  | { type: 'query.sort'; sort: ContactSort }
  | { type: 'query.filter'; listId: number | null; segmentId: number | null }
  | { type: 'rows.more' }
  | { type: 'columns.change'; attributeIds: number[] }
  | { type: 'selection.toggle'; id: number }
  | { type: 'selection.loaded' }
  | { type: 'selection.all' }
  | { type: 'selection.clear' }
  | { type: 'bulk.request'; action: BulkAction; listId?: number; workflowId?: number }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'contacts.changed' }
  | ({ type: 'url.changed' } & ParsedView)
  | { type: 'notice.dismiss' };

/** How the host records a view change in the address: a new history entry, or in place of the current one. */
export type ContactsTableEmitted = { type: 'view.changed'; view: TableView; history: 'push' | 'replace' };

/** The view the address asked for (see `parseTableView`). */
export type ContactsTableInput = Partial<ParsedView>;
