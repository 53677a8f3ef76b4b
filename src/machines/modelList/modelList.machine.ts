import { assign, setup } from 'xstate';
import { actOnModel, createModel, deleteModel, loadModels } from './modelList.actors.ts';
import type { ModelListContext, ModelListError, ModelListEvent, ModelSummary } from './modelList.types.ts';

export type * from './modelList.types.ts';

/**
 * `/userflow`: `loading` the models (`loadFailed` offers a retry), then `ready.idle`, from which one thing happens at a
 * time: `creating` a draft (the screen then opens its wizard), `acting` (pause, resume, retrain) or a delete, which
 * asks in `confirming` before `deleting`. Every change reads the list again.
 */
export const modelListMachine = setup({
  types: { context: {} as ModelListContext, events: {} as ModelListEvent },
  actors: { loadModels, createModel, actOnModel, deleteModel },
  guards: {
    isKnown: ({ context }, id: number) => context.models.some((m) => m.id === id),
  },
  actions: {
    assignModels: assign((_, models: ModelSummary[]) => ({ models, error: null })),
    assignTarget: assign(({ context }, id: number) => ({ target: context.models.find((m) => m.id === id) ?? null })),
    clearTarget: assign({ target: null }),
    assignCreated: assign((_, id: number) => ({ created: id })),
    clearError: assign({ error: null }),
    failWith: assign((_, error: ModelListError) => ({ error })),
  },
}).createMachine({
  id: 'modelList',
  context: { models: [], target: null, created: null, error: null },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadModels',
        src: 'loadModels',
        onDone: { target: 'ready', actions: { type: 'assignModels', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'list.retry': { target: 'loading', actions: 'clearError' } } },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'model.create': { target: 'creating', actions: 'clearError' },
            'model.act': {
              guard: { type: 'isKnown', params: ({ event }) => event.id },
              target: 'acting',
              actions: ['clearError', { type: 'assignTarget', params: ({ event }) => event.id }],
            },
            'model.delete': {
              guard: { type: 'isKnown', params: ({ event }) => event.id },
              target: 'confirming',
              actions: ['clearError', { type: 'assignTarget', params: ({ event }) => event.id }],
            },
          },
        },
        creating: {
          tags: ['busy'],
          invoke: {
            id: 'createModel',
            src: 'createModel',
            input: ({ event }) => ({ name: (event as Extract<ModelListEvent, { type: 'model.create' }>).name }),
            onDone: { target: 'idle', actions: { type: 'assignCreated', params: ({ event }) => event.output.id } },
            onError: { target: 'idle', actions: { type: 'failWith', params: 'createFailed' } },
          },
        },
        acting: {
          tags: ['busy'],
          invoke: {
            id: 'actOnModel',
            src: 'actOnModel',
            input: ({ context, event }) => ({
              id: context.target!.id,
              action: (event as Extract<ModelListEvent, { type: 'model.act' }>).action,
            }),
            onDone: { target: '#modelList.loading', actions: 'clearTarget' },
            onError: { target: 'idle', actions: ['clearTarget', { type: 'failWith', params: 'actionFailed' }] },
          },
        },
        confirming: {
          on: {
            'delete.confirm': { target: 'deleting' },
            'delete.cancel': { target: 'idle', actions: 'clearTarget' },
          },
        },
        deleting: {
          tags: ['busy'],
          invoke: {
            id: 'deleteModel',
            src: 'deleteModel',
            input: ({ context }) => ({ id: context.target!.id }),
            onDone: { target: '#modelList.loading', actions: 'clearTarget' },
            onError: { target: 'idle', actions: ['clearTarget', { type: 'failWith', params: 'deleteFailed' }] },
          },
        },
      },
    },
  },
});
