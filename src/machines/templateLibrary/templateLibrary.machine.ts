import { assign, setup } from 'xstate';
import {
  createTemplate,
  deleteTemplate,
  duplicateTemplate,
  loadTemplates,
  renameTemplate,
} from './templateLibrary.actors.ts';
import type { TemplateStarter } from '../../../shared/templates.ts';
import type {
  LibraryError,
  TemplateLibraryContext,
  TemplateLibraryEvent,
  TemplateLibraryInput,
  TemplatePage,
  WriteOutcome,
} from './templateLibrary.types.ts';

export type * from './templateLibrary.types.ts';

const reload = { target: '#templateLibrary.loading', actions: 'clearCreated' } as const;

/**
 * A channel's templates. `loading` reads a page for the query (→ `loadFailed`, retry). In `ready`, search and paging
 * reload. `createOpen` and `renameOpen` are their dialogs: a blank name stays there with `nameRequired`, a refused or
 * failed write returns there with its code. Create ends in `created` (the screen opens the editor on it, and
 * `library.reload` comes back when the editor closes); duplicate and rename reload; delete asks first
 * (`confirmingDelete`).
 */
export const templateLibraryMachine = setup({
  types: {
    context: {} as TemplateLibraryContext,
    events: {} as TemplateLibraryEvent,
    input: {} as TemplateLibraryInput,
  },
  actors: { loadTemplates, createTemplate, duplicateTemplate, renameTemplate, deleteTemplate },
  guards: {
    isBlank: (_, name: string) => name.trim() === '',
    isSaved: (_, outcome: WriteOutcome) => outcome.kind === 'saved',
  },
  actions: {
    assignPage: assign((_, data: TemplatePage) => ({ data })),
    assignSearch: assign(({ context }, q: string) => ({ query: { ...context.query, q: q.trim(), page: 1 } })),
    assignPageNumber: assign(({ context }, page: number) => ({ query: { ...context.query, page } })),
    assignPending: assign((_, pending: { id: number; name: string }) => ({
      pending: { id: pending.id, name: pending.name.trim() },
      error: null,
    })),
    assignCreated: assign((_, outcome: WriteOutcome) => ({ createdId: outcome.kind === 'saved' ? outcome.id : null })),
    assignDraft: assign((_, draft: { name: string; starter: TemplateStarter }) => ({
      draft: { name: draft.name.trim(), starter: draft.starter },
    })),
    clearCreated: assign({ createdId: null, draft: null }),
    assignPendingName: assign(({ context }, name: string) => ({
      pending: context.pending ? { ...context.pending, name: name.trim() } : null,
    })),
    clearPending: assign({ pending: null }),
    clearError: assign({ error: null }),
    failWith: assign((_, error: LibraryError) => ({ error })),
  },
}).createMachine({
  id: 'templateLibrary',
  context: ({ input }) => ({
    query: { channel: input.channel, q: '', page: 1 },
    data: { items: [], page: 1, pages: 1, total: 0 },
    draft: null,
    pending: null,
    createdId: null,
    error: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadTemplates',
        src: 'loadTemplates',
        input: ({ context }) => context.query,
        onDone: { target: 'ready', actions: { type: 'assignPage', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'library.retry': { target: 'loading', actions: 'clearError' } } },
    ready: {
      on: {
        'library.reload': reload,
        'library.search': {
          target: 'loading',
          actions: ['clearError', { type: 'assignSearch', params: ({ event }) => event.q }],
        },
        'library.page': {
          target: 'loading',
          actions: ['clearError', { type: 'assignPageNumber', params: ({ event }) => event.page }],
        },
        'create.open': { target: 'createOpen', actions: 'clearError' },
        'template.duplicate': {
          target: 'duplicating',
          actions: { type: 'assignPending', params: ({ event }) => ({ id: event.id, name: '' }) },
        },
        'rename.open': { target: 'renameOpen', actions: { type: 'assignPending', params: ({ event }) => event } },
        'template.delete': {
          target: 'confirmingDelete',
          actions: { type: 'assignPending', params: ({ event }) => event },
        },
      },
    },
    createOpen: {
      on: {
        'template.create': [
          {
            guard: { type: 'isBlank', params: ({ event }) => event.name },
            actions: { type: 'failWith', params: 'nameRequired' },
          },
          {
            target: 'creating',
            actions: ['clearError', { type: 'assignDraft', params: ({ event }) => event }],
          },
        ],
        'dialog.cancel': { target: 'ready', actions: 'clearError' },
      },
    },
    renameOpen: {
      on: {
        'template.rename': [
          {
            guard: { type: 'isBlank', params: ({ event }) => event.name },
            actions: { type: 'failWith', params: 'nameRequired' },
          },
          {
            target: 'renaming',
            actions: ['clearError', { type: 'assignPendingName', params: ({ event }) => event.name }],
          },
        ],
        'dialog.cancel': { target: 'ready', actions: ['clearError', 'clearPending'] },
      },
    },
    creating: {
      tags: ['busy'],
      invoke: {
        id: 'createTemplate',
        src: 'createTemplate',
        input: ({ context }) => ({ channel: context.query.channel, ...context.draft! }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'created',
            actions: { type: 'assignCreated', params: ({ event }) => event.output },
          },
          { target: 'createOpen', actions: { type: 'failWith', params: 'nameRequired' } },
        ],
        onError: { target: 'createOpen', actions: { type: 'failWith', params: 'createFailed' } },
      },
    },
    created: { on: { 'library.reload': reload } },
    duplicating: {
      tags: ['busy'],
      invoke: {
        id: 'duplicateTemplate',
        src: 'duplicateTemplate',
        input: ({ context }) => ({ channel: context.query.channel, id: context.pending!.id }),
        onDone: { target: 'loading', actions: 'clearPending' },
        onError: { target: 'ready', actions: ['clearPending', { type: 'failWith', params: 'duplicateFailed' }] },
      },
    },
    renaming: {
      tags: ['busy'],
      invoke: {
        id: 'renameTemplate',
        src: 'renameTemplate',
        input: ({ context }) => ({ channel: context.query.channel, ...context.pending! }),
        onDone: [
          {
            guard: { type: 'isSaved', params: ({ event }) => event.output },
            target: 'loading',
            actions: 'clearPending',
          },
          { target: 'renameOpen', actions: { type: 'failWith', params: 'nameRequired' } },
        ],
        onError: { target: 'renameOpen', actions: { type: 'failWith', params: 'renameFailed' } },
      },
    },
    confirmingDelete: {
      on: { 'delete.confirm': 'deleting', 'delete.cancel': { target: 'ready', actions: 'clearPending' } },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteTemplate',
        src: 'deleteTemplate',
        input: ({ context }) => ({ channel: context.query.channel, id: context.pending!.id }),
        onDone: { target: 'loading', actions: 'clearPending' },
        onError: { target: 'ready', actions: ['clearPending', { type: 'failWith', params: 'deleteFailed' }] },
      },
    },
  },
});
