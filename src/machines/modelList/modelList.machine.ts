import { assign, setup } from 'xstate';
import { actOnModel, createModel, deleteModel, loadModels, watchModels } from './modelList.actors.ts';
import type { ModelStatus } from '../modelWizard/modelWizard.types.ts';
import type { ModelListContext, ModelListError, ModelListEvent, ModelSummary } from './modelList.types.ts';

export type * from './modelList.types.ts';

/**
 * `/userflow`: `loading` the models (`loadFailed` offers a retry), then `ready.idle`, from which one thing happens at a
 * time: `creating` a draft (the screen then opens its wizard), `acting` (pause, resume, retrain) or a delete, which
 * asks in `confirming` before `deleting`. Every change reads the list again. While `ready`, realtime `userflow.model`
 * moves a row's status and training percent in place; a training that ends reads the list again (`refreshing`) for
 * its new quality and last run.
 */
export const modelListMachine = setup({
  types: { context: {} as ModelListContext, events: {} as ModelListEvent },
  actors: { loadModels, createModel, actOnModel, deleteModel, watchModels },
  guards: {
    isKnown: ({ context }, id: number) => context.models.some((m) => m.id === id),
    /** A listed model that was training and is not any more: its figures changed. */
    endsTraining: ({ context }, p: { modelId: number; status: ModelStatus }) =>
      p.status !== 'training' && context.models.some((m) => m.id === p.modelId && m.status === 'training'),
  },
  actions: {
    assignModels: assign((_, models: ModelSummary[]) => ({ models, error: null })),
    applyProgress: assign(({ context }, p: { modelId: number; status: ModelStatus; percent: number | null }) => ({
      models: context.models.map((m) =>
        m.id === p.modelId
          ? { ...m, status: p.status, trainingPercent: p.status === 'training' ? p.percent : null }
          : m,
      ),
    })),
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
      invoke: { id: 'watchModels', src: 'watchModels' },
      on: {
        'model.progressed': { actions: { type: 'applyProgress', params: ({ event }) => event } },
      },
      states: {
        idle: {
          on: {
            'model.progressed': [
              {
                guard: { type: 'endsTraining', params: ({ event }) => event },
                target: 'refreshing',
                actions: { type: 'applyProgress', params: ({ event }) => event },
              },
              { actions: { type: 'applyProgress', params: ({ event }) => event } },
            ],
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
        refreshing: {
          invoke: {
            id: 'loadModels',
            src: 'loadModels',
            onDone: { target: 'idle', actions: { type: 'assignModels', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'failWith', params: 'loadFailed' } },
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
