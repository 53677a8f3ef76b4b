import { assign, emit, enqueueActions, sendTo, setup } from 'xstate';
import { contactExportMachine } from '../contactExport/contactExport.machine.ts';
import type { ContactSelection, ContactSort } from './contacts.types.ts';
import { applyBulk, loadPage, loadTableOptions } from './contactsTable.actors.ts';
import type {
  BulkRequest,
  ContactsTableContext,
  ContactsTableEmitted,
  ContactsTableEvent,
  ContactsTableInput,
  PageOutcome,
  TableError,
  TableOptions,
} from './contactsTable.types.ts';
import {
  checkView,
  DEFAULT_VIEW,
  fallbackQuery,
  mergeNotices,
  SEARCH_MAX_LENGTH,
  sameQuery,
  type ParsedView,
  type TableView,
} from './tableView.ts';

export type * from './contactsTable.types.ts';
export type { ContactQuery, TableView, ViewNotice } from './tableView.ts';

/** The selection a bulk action or export is applied to. */
export function selectionOf(
  context: Pick<ContactsTableContext, 'allMatching' | 'selectedIds' | 'query'>,
): ContactSelection {
  if (!context.allMatching) return { ids: context.selectedIds };
  const { listId, segmentId } = context.query;
  const q = context.query.q.trim();
  return { filter: { ...(q ? { q } : {}), ...(listId ? { listId } : {}), ...(segmentId ? { segmentId } : {}) } };
}

export const viewOf = (context: Pick<ContactsTableContext, 'query' | 'columns'>): TableView => ({
  ...context.query,
  q: context.query.q.trim(),
  columns: context.columns,
});

const NO_SELECTION = { selectedIds: [] as number[], allMatching: false };
const isRejected = (output: PageOutcome): output is Extract<PageOutcome, { kind: 'rejected' }> =>
  output.kind === 'rejected';

/**
 * The contacts table. `loadingOptions` (lists, segments, attributes; the view is checked against them) → `browsing`:
 * `loading` the first page of the query → `ready`. Search is debounced (`searching`); sort and filter reload, also
 * while loading; scrolling to the end loads the next page (`loadingMore`). The view lives in the address too: each
 * change is emitted as `view.changed` (push for sort and filter, replace for search, columns and fallbacks), and
 * `url.changed` (Back, a link) replaces it, reloading when the rows differ. A query the API refuses (404, 422) falls
 * back (filter dropped, else the default view) with a notice. Bulk actions need a selection (and their list or
 * workflow); delete asks first
 * (`confirmingBulk`); `applyingBulk` then reloads. Export hands the selection to the child exporter.
 */
export const contactsTableMachine = setup({
  types: {
    context: {} as ContactsTableContext,
    events: {} as ContactsTableEvent,
    input: {} as ContactsTableInput,
    emitted: {} as ContactsTableEmitted,
  },
  actors: { loadTableOptions, loadPage, applyBulk, exporter: contactExportMachine },
  delays: { SEARCH_DEBOUNCE: 300 },
  guards: {
    hasSelection: ({ context }) => context.allMatching || context.selectedIds.length > 0,
    needsMissingList: (_, request: BulkRequest) =>
      (request.action === 'addToList' || request.action === 'removeFromList') && !request.listId,
    needsMissingWorkflow: (_, request: BulkRequest) => request.action === 'enrolInWorkflow' && !request.workflowId,
    isDelete: ({ context }) => context.bulk?.action === 'delete',
    isExport: ({ context }) => context.bulk?.action === 'export',
    hasMore: ({ context }) => context.total === null || context.rows.length < context.total,
    isNewQuery: ({ context }, view: TableView) => !sameQuery(context.query, checkView(view, context).view),
    isRejected: (_, output: PageOutcome) => isRejected(output),
    canFallBack: ({ context }, output: PageOutcome) =>
      isRejected(output) && fallbackQuery(context.query, output.reason) !== null,
  },
  actions: {
    assignOptions: assign((_, options: TableOptions) => ({ ...options, error: null })),
    /** The view against the loaded options: what does not exist is dropped, with a notice. */
    checkView: assign(({ context }) => {
      const { view, notices } = checkView(viewOf(context), context);
      return {
        query: { ...context.query, listId: view.listId, segmentId: view.segmentId },
        columns: view.columns,
        notices: mergeNotices(context.notices, notices),
      };
    }),
    assignUrlView: assign((_, parsed: ParsedView) => {
      const { columns, ...query } = parsed.view;
      return { query, columns, notices: parsed.notices };
    }),
    assignSearch: assign(({ context }, q: string) => ({
      query: { ...context.query, q: q.slice(0, SEARCH_MAX_LENGTH) },
    })),
    assignSort: assign(({ context }, sort: ContactSort) => ({ query: { ...context.query, sort } })),
    assignFilter: assign(({ context }, filter: { listId: number | null; segmentId: number | null }) => ({
      query: { ...context.query, listId: filter.listId, segmentId: filter.listId ? null : filter.segmentId },
    })),
    fallBack: assign(({ context }, output: PageOutcome) => {
      const fallback = isRejected(output) ? fallbackQuery(context.query, output.reason) : null;
      return fallback
        ? { query: fallback.query, notices: mergeNotices(context.notices, [fallback.notice]), ...NO_SELECTION }
        : {};
    }),
    clearNotices: assign({ notices: [] }),
    recordView: emit(({ context }, history: 'push' | 'replace') => ({
      type: 'view.changed' as const,
      view: viewOf(context),
      history,
    })),
    /** A view that had to be corrected replaces the address that asked for it. */
    recordCorrection: enqueueActions(({ context, enqueue }) => {
      if (context.notices.length) enqueue.emit({ type: 'view.changed', view: viewOf(context), history: 'replace' });
    }),
    assignFirstPage: assign((_, page: PageOutcome) =>
      page.kind === 'loaded'
        ? { rows: page.rows, total: page.total, page: page.page, cursor: page.nextCursor ?? null, error: null }
        : {},
    ),
    appendPage: assign(({ context }, page: PageOutcome) =>
      page.kind === 'loaded'
        ? {
            rows: [...context.rows, ...page.rows],
            total: page.total ?? context.total,
            page: page.page,
            cursor: page.nextCursor ?? null,
          }
        : {},
    ),
    assignColumns: assign((_, attributeIds: number[]) => ({ columns: [...new Set(attributeIds)] })),
    toggle: assign(({ context }, id: number) => {
      const base = context.allMatching ? context.rows.map((r) => r.id) : context.selectedIds;
      const selectedIds = base.includes(id) ? base.filter((selected) => selected !== id) : [...base, id];
      return { selectedIds, allMatching: false, error: null };
    }),
    selectLoaded: assign(({ context }) => ({
      selectedIds: context.rows.map((r) => r.id),
      allMatching: false,
      error: null,
    })),
    selectAll: assign({ selectedIds: [], allMatching: true, error: null }),
    clearSelection: assign(NO_SELECTION),
    assignBulk: assign((_, request: BulkRequest) => ({
      bulk: {
        action: request.action,
        ...(request.listId ? { listId: request.listId } : {}),
        ...(request.workflowId ? { workflowId: request.workflowId } : {}),
      },
      error: null,
    })),
    assignAffected: assign(({ context }, affected: number) => ({
      affected,
      affectedBy: context.bulk?.action ?? null,
      bulk: null,
      ...NO_SELECTION,
    })),
    clearBulk: assign({ bulk: null }),
    clearNotice: assign({ affected: null, affectedBy: null }),
    startExport: sendTo('exporter', ({ context }) => ({
      type: 'export.start' as const,
      selection: selectionOf(context),
    })),
    failWith: assign((_, error: TableError) => ({ error })),
  },
}).createMachine({
  id: 'contactsTable',
  context: ({ input }) => {
    const { columns, ...query } = input.view ?? DEFAULT_VIEW;
    return {
      lists: [],
      workflows: [],
      segments: [],
      attributes: [],
      listsComplete: false,
      query: { ...query, segmentId: query.listId ? null : query.segmentId },
      rows: [],
      total: null,
      page: 0,
      cursor: null,
      columns,
      ...NO_SELECTION,
      bulk: null,
      affected: null,
      affectedBy: null,
      error: null,
      notices: input.notices ?? [],
    };
  },
  invoke: { id: 'exporter', src: 'exporter' },
  on: {
    // Back, Forward or a link to other rows: they replace the query; the same rows only take the columns.
    'url.changed': [
      {
        guard: { type: 'isNewQuery', params: ({ event }) => event.view },
        target: '.browsing.loading',
        actions: [
          { type: 'assignUrlView', params: ({ event }) => event },
          'checkView',
          'clearSelection',
          'clearBulk',
          'clearNotice',
          'recordCorrection',
        ],
      },
      { actions: [{ type: 'assignUrlView', params: ({ event }) => event }, 'checkView', 'recordCorrection'] },
    ],
    'notice.dismiss': { actions: 'clearNotices' },
  },
  initial: 'loadingOptions',
  states: {
    loadingOptions: {
      tags: ['busy'],
      invoke: {
        id: 'loadTableOptions',
        src: 'loadTableOptions',
        onDone: {
          target: 'browsing',
          actions: [{ type: 'assignOptions', params: ({ event }) => event.output }, 'checkView', 'recordCorrection'],
        },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'optionsFailed' } },
      },
      on: {
        'url.changed': { actions: { type: 'assignUrlView', params: ({ event }) => event } },
        // The search box is on screen while the options load: what is typed is kept and searched once they are in.
        'query.search': {
          actions: [
            { type: 'assignSearch', params: ({ event }) => event.q },
            { type: 'recordView', params: 'replace' },
          ],
        },
      },
    },
    loadFailed: {
      tags: ['error'],
      on: {
        'table.retry': 'loadingOptions',
        'url.changed': { target: 'loadingOptions', actions: { type: 'assignUrlView', params: ({ event }) => event } },
      },
    },
    browsing: {
      initial: 'loading',
      on: {
        'query.search': {
          target: '.searching',
          actions: [{ type: 'assignSearch', params: ({ event }) => event.q }, 'clearNotices'],
        },
        'query.sort': {
          target: '.loading',
          actions: [
            { type: 'assignSort', params: ({ event }) => event.sort },
            'clearNotices',
            { type: 'recordView', params: 'push' },
          ],
        },
        'query.filter': {
          target: '.loading',
          actions: [
            { type: 'assignFilter', params: ({ event }) => ({ listId: event.listId, segmentId: event.segmentId }) },
            'clearSelection',
            'clearNotices',
            { type: 'recordView', params: 'push' },
          ],
        },
        'columns.change': {
          actions: [
            { type: 'assignColumns', params: ({ event }) => event.attributeIds },
            { type: 'recordView', params: 'replace' },
          ],
        },
      },
      states: {
        loading: {
          tags: ['busy'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ query: context.query, page: 1 }),
            onDone: [
              {
                guard: { type: 'canFallBack', params: ({ event }) => event.output },
                target: 'loading',
                reenter: true,
                actions: [{ type: 'fallBack', params: ({ event }) => event.output }, 'recordCorrection'],
              },
              {
                guard: { type: 'isRejected', params: ({ event }) => event.output },
                target: '#contactsTable.loadFailed',
                actions: { type: 'failWith', params: 'loadFailed' },
              },
              { target: 'ready', actions: { type: 'assignFirstPage', params: ({ event }) => event.output } },
            ],
            onError: { target: '#contactsTable.loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
          },
        },
        searching: {
          after: {
            SEARCH_DEBOUNCE: {
              target: 'loading',
              actions: ['clearSelection', { type: 'recordView', params: 'replace' }],
            },
          },
        },
        ready: {
          on: {
            'rows.more': { guard: 'hasMore', target: 'loadingMore' },
            'selection.toggle': { actions: { type: 'toggle', params: ({ event }) => event.id } },
            'selection.loaded': { actions: 'selectLoaded' },
            'selection.all': { actions: 'selectAll' },
            'selection.clear': { actions: 'clearSelection' },
            'contacts.changed': { target: 'loading', actions: 'clearNotice' },
            'bulk.request': [
              {
                guard: { type: 'needsMissingList', params: ({ event }) => event },
                actions: { type: 'failWith', params: 'listRequired' },
              },
              {
                guard: { type: 'needsMissingWorkflow', params: ({ event }) => event },
                actions: { type: 'failWith', params: 'workflowRequired' },
              },
              {
                guard: 'hasSelection',
                target: '#contactsTable.routingBulk',
                actions: [{ type: 'assignBulk', params: ({ event }) => event }, 'clearNotice'],
              },
              { actions: { type: 'failWith', params: 'nothingSelected' } },
            ],
          },
        },
        loadingMore: {
          tags: ['loadingMore'],
          invoke: {
            id: 'loadPage',
            src: 'loadPage',
            input: ({ context }) => ({ query: context.query, page: context.page + 1, cursor: context.cursor }),
            onDone: [
              {
                guard: { type: 'isRejected', params: ({ event }) => event.output },
                target: 'ready',
                actions: { type: 'failWith', params: 'loadFailed' },
              },
              { target: 'ready', actions: { type: 'appendPage', params: ({ event }) => event.output } },
            ],
            onError: { target: 'ready', actions: { type: 'failWith', params: 'loadFailed' } },
          },
        },
      },
    },
    routingBulk: {
      always: [
        { guard: 'isDelete', target: 'confirmingBulk' },
        { guard: 'isExport', target: 'browsing.ready', actions: ['startExport', 'clearBulk'] },
        { target: 'applyingBulk' },
      ],
    },
    confirmingBulk: {
      on: { 'bulk.confirm': 'applyingBulk', 'bulk.cancel': { target: 'browsing.ready', actions: 'clearBulk' } },
    },
    applyingBulk: {
      tags: ['busy'],
      invoke: {
        id: 'applyBulk',
        src: 'applyBulk',
        input: ({ context }) => ({ request: context.bulk!, selection: selectionOf(context) }),
        onDone: {
          target: 'browsing.loading',
          actions: { type: 'assignAffected', params: ({ event }) => event.output },
        },
        onError: { target: 'browsing.ready', actions: [{ type: 'failWith', params: 'bulkFailed' }, 'clearBulk'] },
      },
    },
  },
});
