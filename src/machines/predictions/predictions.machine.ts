import { assign, setup } from 'xstate';
import type { ModelSummary } from '../modelList/modelList.types.ts';
import { createSegment, loadModels, loadOverview, runModel, watchRuns } from './predictions.actors.ts';
import type {
  CreatedSegment,
  PredictionsContext,
  PredictionsError,
  PredictionsEvent,
  PredictionsOverview,
} from './predictions.types.ts';

export type * from './predictions.types.ts';

/** Models that have scores to show. */
export const scoredModels = (models: ModelSummary[]) => models.filter((m) => m.status !== 'draft');
export const DEFAULT_SEGMENT_THRESHOLD = 0.5;

/**
 * `/userflow/predictions`: `loading` the models (none trained: `empty`), then the first model's overview
 * (`loadingModel`: runs, score distribution, top contacts). `ready.idle` picks another model, starts a manual run
 * (`running`, then reads the overview again), or creates a segment of the scores above the threshold (`segmenting`;
 * the created segment is linked). A run that ends (realtime `userflow.model`, watched throughout) reads the shown
 * model's overview again: `refreshing` keeps the page as it is meanwhile, and a run ending during `loadingModel`
 * restarts that read, so a run started here is seen to finish without a reload.
 */
export const predictionsMachine = setup({
  types: { context: {} as PredictionsContext, events: {} as PredictionsEvent },
  actors: { loadModels, loadOverview, runModel, createSegment, watchRuns },
  guards: {
    hasModels: (_, models: ModelSummary[]) => scoredModels(models).length > 0,
    isOtherModel: ({ context }, id: number) => context.modelId !== id && context.models.some((m) => m.id === id),
    isShownModel: ({ context }, id: number) => context.modelId === id,
  },
  actions: {
    assignModels: assign((_, models: ModelSummary[]) => {
      const scored = scoredModels(models);
      return { models: scored, modelId: scored[0]?.id ?? null, error: null };
    }),
    pick: assign((_, id: number) => ({ modelId: id, overview: null, segment: null, error: null })),
    assignOverview: assign((_, overview: PredictionsOverview) => ({ overview, error: null })),
    assignThreshold: assign((_, threshold: number) => ({
      threshold: Math.min(1, Math.max(0, threshold)),
      segment: null,
    })),
    assignSegment: assign((_, segment: CreatedSegment) => ({ segment })),
    clearError: assign({ error: null }),
    failWith: assign((_, error: PredictionsError) => ({ error })),
  },
}).createMachine({
  id: 'predictions',
  context: {
    models: [],
    modelId: null,
    overview: null,
    threshold: DEFAULT_SEGMENT_THRESHOLD,
    segment: null,
    error: null,
  },
  invoke: { id: 'watchRuns', src: 'watchRuns' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadModels',
        src: 'loadModels',
        onDone: [
          {
            guard: { type: 'hasModels', params: ({ event }) => event.output },
            target: 'loadingModel',
            actions: { type: 'assignModels', params: ({ event }) => event.output },
          },
          { target: 'empty', actions: { type: 'assignModels', params: ({ event }) => event.output } },
        ],
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'predictions.retry': { target: 'loading', actions: 'clearError' } } },
    empty: {},
    loadingModel: {
      tags: ['busy'],
      invoke: {
        id: 'loadOverview',
        src: 'loadOverview',
        input: ({ context }) => ({ modelId: context.modelId! }),
        onDone: { target: 'ready', actions: { type: 'assignOverview', params: ({ event }) => event.output } },
        onError: { target: 'modelFailed', actions: { type: 'failWith', params: 'modelFailed' } },
      },
      on: {
        'model.updated': {
          guard: { type: 'isShownModel', params: ({ event }) => event.modelId },
          target: 'loadingModel',
          reenter: true,
        },
      },
    },
    modelFailed: {
      tags: ['error'],
      on: {
        'predictions.retry': { target: 'loadingModel', actions: 'clearError' },
        'model.pick': {
          guard: { type: 'isOtherModel', params: ({ event }) => event.id },
          target: 'loadingModel',
          actions: { type: 'pick', params: ({ event }) => event.id },
        },
      },
    },
    ready: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'model.pick': {
              guard: { type: 'isOtherModel', params: ({ event }) => event.id },
              target: '#predictions.loadingModel',
              actions: { type: 'pick', params: ({ event }) => event.id },
            },
            'model.run': { target: 'running', actions: 'clearError' },
            'threshold.change': { actions: { type: 'assignThreshold', params: ({ event }) => event.threshold } },
            'segment.create': { target: 'segmenting', actions: 'clearError' },
            'model.updated': {
              guard: { type: 'isShownModel', params: ({ event }) => event.modelId },
              target: 'refreshing',
            },
          },
        },
        refreshing: {
          invoke: {
            id: 'loadOverview',
            src: 'loadOverview',
            input: ({ context }) => ({ modelId: context.modelId! }),
            onDone: { target: 'idle', actions: { type: 'assignOverview', params: ({ event }) => event.output } },
            // The overview shown stays; the next run's end reads it again.
            onError: { target: 'idle' },
          },
        },
        running: {
          tags: ['busy'],
          invoke: {
            id: 'runModel',
            src: 'runModel',
            input: ({ context }) => ({ modelId: context.modelId! }),
            onDone: { target: '#predictions.loadingModel' },
            onError: { target: 'idle', actions: { type: 'failWith', params: 'runFailed' } },
          },
        },
        segmenting: {
          tags: ['busy'],
          invoke: {
            id: 'createSegment',
            src: 'createSegment',
            input: ({ context }) => ({
              modelId: context.modelId!,
              threshold: context.threshold,
              modelName: context.models.find((m) => m.id === context.modelId)?.name ?? '',
            }),
            onDone: { target: 'idle', actions: { type: 'assignSegment', params: ({ event }) => event.output } },
            onError: { target: 'idle', actions: { type: 'failWith', params: 'segmentFailed' } },
          },
        },
      },
    },
  },
});
