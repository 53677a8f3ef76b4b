import { assign, setup } from 'xstate';
import { createWorkflow, readWorkflows, runRowAction } from './workflowList.actors.ts';
import type {
  RowAction,
  WorkflowListContext,
  WorkflowListError,
  WorkflowListEvent,
  WorkflowListInput,
  WorkflowPage,
} from './workflowList.types.ts';

export type * from './workflowList.types.ts';

/** Actions that change or remove a workflow for good ask first. */
const CONFIRMED: readonly RowAction[] = ['archive', 'delete'];

/**
 * The Workflow Manager. `loading` reads a page of the section (status or template category), search and page →
 * `ready` or `failed`. A row action (duplicate, pause, resume) runs at once in `acting`; archive and delete ask
 * in `confirming` first; after an action the page is read again. `creating` is the create dialog (blank or from
 * a template) → `submitting` → `created` (the screen opens the editor), or back with an error.
 */
export const workflowListMachine = setup({
  types: {
    context: {} as WorkflowListContext,
    events: {} as WorkflowListEvent,
    input: {} as WorkflowListInput,
  },
  actors: { readWorkflows, runRowAction, createWorkflow },
  guards: {
    needsConfirmation: (_, action: RowAction) => CONFIRMED.includes(action),
    hasName: ({ context }) => context.create.name.trim() !== '',
  },
  actions: {
    assignQuery: assign(({ context }, patch: Partial<WorkflowListContext['query']>) => ({
      query: { ...context.query, page: 1, ...patch },
    })),
    assignPage: assign((_, page: WorkflowPage) => ({ rows: page.rows, pagination: page.pagination })),
    assignPending: assign((_, pending: WorkflowListContext['pending']) => ({ pending, error: null })),
    assignError: assign((_, error: WorkflowListError | null) => ({ error })),
    openCreate: assign((_, template: string | null) => ({ create: { name: '', template }, error: null })),
    assignName: assign(({ context }, name: string) => ({ create: { ...context.create, name }, error: null })),
    assignTemplate: assign(({ context }, template: string | null) => ({ create: { ...context.create, template } })),
    assignCreated: assign((_, id: number) => ({ created: id })),
  },
}).createMachine({
  id: 'workflowList',
  context: ({ input }) => ({
    query: { section: input.section, search: '', page: 1 },
    rows: [],
    pagination: null,
    pending: null,
    create: { name: '', template: null },
    created: null,
    error: null,
  }),
  initial: 'loading',
  on: {
    'list.search': {
      target: '.loading',
      actions: { type: 'assignQuery', params: ({ event }) => ({ search: event.search }) },
    },
    'list.section': {
      target: '.loading',
      actions: { type: 'assignQuery', params: ({ event }) => ({ section: event.section, search: '' }) },
    },
  },
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'readWorkflows',
        src: 'readWorkflows',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => event.output } },
        onError: 'failed',
      },
    },
    failed: { tags: ['error'], on: { 'list.retry': 'loading' } },
    ready: {
      on: {
        'list.page': {
          target: 'loading',
          actions: { type: 'assignQuery', params: ({ event }) => ({ page: event.page }) },
        },
        'row.act': [
          {
            guard: { type: 'needsConfirmation', params: ({ event }) => event.action },
            target: 'confirming',
            actions: { type: 'assignPending', params: ({ event }) => ({ action: event.action, id: event.id }) },
          },
          {
            target: 'acting',
            actions: { type: 'assignPending', params: ({ event }) => ({ action: event.action, id: event.id }) },
          },
        ],
        'create.open': {
          target: 'creating',
          actions: { type: 'openCreate', params: ({ event }) => event.template },
        },
      },
    },
    confirming: {
      on: {
        'action.confirm': 'acting',
        'action.cancel': { target: 'ready', actions: { type: 'assignPending', params: null } },
      },
    },
    acting: {
      tags: ['busy'],
      invoke: {
        id: 'runRowAction',
        src: 'runRowAction',
        input: ({ context }) => context.pending!,
        onDone: { target: 'loading', actions: { type: 'assignPending', params: null } },
        onError: {
          target: 'ready',
          actions: [
            { type: 'assignPending', params: null },
            { type: 'assignError', params: 'actionFailed' },
          ],
        },
      },
    },
    creating: {
      on: {
        'create.name': { actions: { type: 'assignName', params: ({ event }) => event.name } },
        'create.template': { actions: { type: 'assignTemplate', params: ({ event }) => event.template } },
        'create.submit': [
          { guard: 'hasName', target: 'submitting' },
          { actions: { type: 'assignError', params: 'nameRequired' } },
        ],
        'create.cancel': { target: 'ready', actions: { type: 'assignError', params: null } },
      },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'createWorkflow',
        src: 'createWorkflow',
        input: ({ context }) => ({ ...context.create, name: context.create.name.trim() }),
        onDone: { target: 'created', actions: { type: 'assignCreated', params: ({ event }) => event.output } },
        onError: { target: 'creating', actions: { type: 'assignError', params: 'createFailed' } },
      },
    },
    created: { type: 'final' },
  },
});
