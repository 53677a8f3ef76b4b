import { assign, fromCallback, fromPromise, setup } from 'xstate';
import type { PageInput, PageOutput, PagedListContext, PagedListEvent, PagedListInput } from './pagedList.types.ts';

export type * from './pagedList.types.ts';

/** The page reader a screen provides (`machine.provide({ actors: { readPage } })`): one call of its list operation. */
const readPage = fromPromise<PageOutput<unknown>, PageInput>(async () => {
  throw new Error('pagedList: provide a readPage actor');
});

/** Live news the list re-reads on (`list.refresh`); none unless a screen provides it. */
const watch = fromCallback<PagedListEvent>(() => () => undefined);

/**
 * A server-paged list (the message console, the message log, a report's recipients): `loading` reads the page of
 * the query and position → `ready` or `failed` (retry reads again). A new query starts at page 1; a page number or
 * the next page by cursor reads that page. `list.refresh` (a realtime update) re-reads the page in place, keeping
 * the rows on screen while it reads (`refreshing`); the provided `watch` actor sends it.
 */
export const pagedListMachine = setup({
  types: {
    context: {} as PagedListContext,
    events: {} as PagedListEvent,
    input: {} as PagedListInput,
  },
  actors: { readPage, watch },
  guards: {
    hasNext: ({ context }) => Boolean(context.pagination?.nextCursor),
  },
  actions: {
    assignQuery: assign((_, query: PagedListContext['query']) => ({ query, position: { page: 1, cursor: null } })),
    assignPage: assign((_, page: number) => ({ position: { page, cursor: null } })),
    assignNext: assign(({ context }) => ({
      position: { page: (context.pagination?.page ?? 1) + 1, cursor: context.pagination?.nextCursor ?? null },
    })),
    assignRows: assign(({ context }, output: PageOutput<unknown>) => ({
      rows: output.rows,
      pagination: output.pagination,
      reads: context.reads + 1,
    })),
  },
}).createMachine({
  id: 'pagedList',
  context: ({ input }) => ({
    query: input.query ?? {},
    position: { page: 1, cursor: null },
    rows: [],
    pagination: null,
    reads: 0,
  }),
  invoke: { id: 'watch', src: 'watch' },
  initial: 'loading',
  on: {
    'list.query': { target: '.loading', actions: { type: 'assignQuery', params: ({ event }) => event.query } },
    'list.page': { target: '.loading', actions: { type: 'assignPage', params: ({ event }) => event.page } },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'readPage',
        src: 'readPage',
        input: ({ context }) => ({ query: context.query, position: context.position }),
        onDone: { target: 'ready', actions: { type: 'assignRows', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    ready: {
      on: {
        'list.next': { guard: 'hasNext', target: 'loading', actions: 'assignNext' },
        'list.refresh': 'refreshing',
      },
    },
    refreshing: {
      invoke: {
        id: 'readPage',
        src: 'readPage',
        input: ({ context }) => ({ query: context.query, position: context.position }),
        onDone: { target: 'ready', actions: { type: 'assignRows', params: ({ event }) => event.output } },
        // A failed live refresh keeps the rows shown; the next update or a filter reads again.
        onError: 'ready',
      },
    },
    failed: { tags: ['error'], on: { 'list.retry': 'loading' } },
  },
});
