import { assign, sendTo, setup } from 'xstate';
import { contactExportMachine } from '../contactExport/contactExport.machine.ts';
import type { Contact, ContactAttribute, ContactList, ContactSelection, ContactSort, Segment } from './contacts.types.ts';
import { applyBulk, loadPage, loadTableOptions } from './contactsTable.actors.ts';

export const PAGE_SIZE = 100;

export interface TableOptions {
  lists: ContactList[];
  segments: Segment[];
  attributes: ContactAttribute[];
}

export interface ContactQuery {
  sort: ContactSort;
  q: string;
  listId: number | null;
  segmentId: number | null;
}

export interface ContactPage {
  rows: Contact[];
  total: number | null;
  page: number;
}

export type BulkAction = 'addToList' | 'removeFromList' | 'block' | 'unblock' | 'delete' | 'export';
export interface BulkRequest {
  action: BulkAction;
  listId?: number;
}

/** Spec section 5: 'Select one or more contacts first', 'At least one list is required'; plus failed calls. */
export type TableError = 'optionsFailed' | 'loadFailed' | 'nothingSelected' | 'listRequired' | 'bulkFailed';

export interface ContactsTableContext extends TableOptions {
  query: ContactQuery;
  rows: Contact[];
  total: number | null;
  page: number;
  columns: number[];
  selectedIds: number[];
  /** Every contact matching the query is selected (except none): the selection travels as a filter. */
  allMatching: boolean;
  bulk: BulkRequest | null;
  affected: number | null;
  error: TableError | null;
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
  | { type: 'bulk.request'; action: BulkAction; listId?: number }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' }
  | { type: 'contacts.changed' };

export interface ContactsTableInput {
  listId?: number | null;
  segmentId?: number | null;
}

/** The selection a bulk action or export is applied to. */
export function selectionOf(context: Pick<ContactsTableContext, 'allMatching' | 'selectedIds' | 'query'>): ContactSelection {
  if (!context.allMatching) return { ids: context.selectedIds };
  const { q, listId, segmentId } = context.query;
  return { filter: { ...(q ? { q } : {}), ...(listId ? { listId } : {}), ...(segmentId ? { segmentId } : {}) } };
}

const NO_SELECTION = { selectedIds: [] as number[], allMatching: false };

/**
 * The contacts table. `loadingOptions` (lists, segments, attributes for filters and columns) → `loading` the first
 * page of the query → `ready`. Search is debounced (`searching`); sort and filter reload; scrolling to the end loads
 * the next page (`loadingMore`), so thousands of contacts stay in one virtualised list. Bulk actions need a selection;
 * delete asks first (`confirmingBulk`); `applyingBulk` then reloads. Export hands the selection to the child exporter.
 */
export const contactsTableMachine = setup({
  types: { context: {} as ContactsTableContext, events: {} as ContactsTableEvent, input: {} as ContactsTableInput },
  actors: { loadTableOptions, loadPage, applyBulk, exporter: contactExportMachine },
  delays: { SEARCH_DEBOUNCE: 300 },
  guards: {
    hasSelection: ({ context }) => context.allMatching || context.selectedIds.length > 0,
    needsMissingList: ({ event }) => event.type === 'bulk.request' && (event.action === 'addToList' || event.action === 'removeFromList') && !event.listId,
    isDelete: ({ event }) => event.type === 'bulk.request' && event.action === 'delete',
    isExport: ({ event }) => event.type === 'bulk.request' && event.action === 'export',
    hasMore: ({ context }) => context.total === null || context.rows.length < context.total,
  },
  actions: {
    assignOptions: assign((_, options: TableOptions) => ({ ...options, error: null })),
    assignSearch: assign(({ context, event }) => (event.type === 'query.search' ? { query: { ...context.query, q: event.q.trim() } } : {})),
    assignSort: assign(({ context, event }) => (event.type === 'query.sort' ? { query: { ...context.query, sort: event.sort } } : {})),
    assignFilter: assign(({ context, event }) =>
      event.type === 'query.filter' ? { query: { ...context.query, listId: event.listId, segmentId: event.listId ? null : event.segmentId } } : {},
    ),
    assignFirstPage: assign((_, page: ContactPage) => ({ rows: page.rows, total: page.total, page: page.page, error: null })),
    appendPage: assign(({ context }, page: ContactPage) => ({ rows: [...context.rows, ...page.rows], total: page.total ?? context.total, page: page.page })),
    assignColumns: assign(({ event }) => (event.type === 'columns.change' ? { columns: event.attributeIds } : {})),
    toggle: assign(({ context, event }) => {
      if (event.type !== 'selection.toggle') return {};
      const base = context.allMatching ? context.rows.map((r) => r.id) : context.selectedIds;
      const selectedIds = base.includes(event.id) ? base.filter((id) => id !== event.id) : [...base, event.id];
      return { selectedIds, allMatching: false, error: null };
    }),
    selectLoaded: assign(({ context }) => ({ selectedIds: context.rows.map((r) => r.id), allMatching: false, error: null })),
    selectAll: assign({ selectedIds: [], allMatching: true, error: null }),
    clearSelection: assign(NO_SELECTION),
    assignBulk: assign(({ event }) => (event.type === 'bulk.request' ? { bulk: { action: event.action, ...(event.listId ? { listId: event.listId } : {}) }, error: null } : {})),
    assignAffected: assign((_, affected: number) => ({ affected, bulk: null, ...NO_SELECTION })),
    clearBulk: assign({ bulk: null }),
    clearNotice: assign({ affected: null }),
    startExport: sendTo('exporter', ({ context }) => ({ type: 'export.start' as const, selection: selectionOf(context) })),
    failWith: assign((_, error: TableError) => ({ error })),
  },
}).createMachine({
  id: 'contactsTable',
  context: ({ input }) => ({
    lists: [],
    segments: [],
    attributes: [],
    query: { sort: '-createdAt', q: '', listId: input.listId ?? null, segmentId: input.listId ? null : (input.segmentId ?? null) },
    rows: [],
    total: null,
    page: 0,
    columns: [],
    ...NO_SELECTION,
    bulk: null,
    affected: null,
    error: null,
  }),
  invoke: { id: 'exporter', src: 'exporter' },
  initial: 'loadingOptions',
  states: {
    loadingOptions: {
      tags: ['busy'],
      invoke: {
        id: 'loadTableOptions',
        src: 'loadTableOptions',
        onDone: { target: 'loading', actions: { type: 'assignOptions', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'optionsFailed' } },
      },
    },
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ query: context.query, page: 1 }),
        onDone: { target: 'ready', actions: { type: 'assignFirstPage', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'table.retry': 'loadingOptions' } },
    searching: {
      after: { SEARCH_DEBOUNCE: { target: 'loading', actions: 'clearSelection' } },
      on: { 'query.search': { target: 'searching', reenter: true, actions: 'assignSearch' } },
    },
    ready: {
      on: {
        'query.search': { target: 'searching', actions: 'assignSearch' },
        'query.sort': { target: 'loading', actions: 'assignSort' },
        'query.filter': { target: 'loading', actions: ['assignFilter', 'clearSelection'] },
        'rows.more': { guard: 'hasMore', target: 'loadingMore' },
        'columns.change': { actions: 'assignColumns' },
        'selection.toggle': { actions: 'toggle' },
        'selection.loaded': { actions: 'selectLoaded' },
        'selection.all': { actions: 'selectAll' },
        'selection.clear': { actions: 'clearSelection' },
        'contacts.changed': { target: 'loading', actions: 'clearNotice' },
        'bulk.request': [
          { guard: 'needsMissingList', actions: { type: 'failWith', params: 'listRequired' } },
          { guard: { type: 'hasSelection' }, target: 'routingBulk', actions: ['assignBulk', 'clearNotice'] },
          { actions: { type: 'failWith', params: 'nothingSelected' } },
        ],
      },
    },
    routingBulk: {
      always: [
        { guard: 'isDelete', target: 'confirmingBulk' },
        { guard: 'isExport', target: 'ready', actions: ['startExport', 'clearBulk'] },
        { target: 'applyingBulk' },
      ],
    },
    loadingMore: {
      tags: ['loadingMore'],
      invoke: {
        id: 'loadPage',
        src: 'loadPage',
        input: ({ context }) => ({ query: context.query, page: context.page + 1 }),
        onDone: { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    confirmingBulk: { on: { 'bulk.confirm': 'applyingBulk', 'bulk.cancel': { target: 'ready', actions: 'clearBulk' } } },
    applyingBulk: {
      tags: ['busy'],
      invoke: {
        id: 'applyBulk',
        src: 'applyBulk',
        input: ({ context }) => ({ request: context.bulk!, selection: selectionOf(context) }),
        onDone: { target: 'loading', actions: { type: 'assignAffected', params: ({ event }) => event.output } },
        onError: { target: 'ready', actions: [{ type: 'failWith', params: 'bulkFailed' }, 'clearBulk'] },
      },
    },
  },
});
