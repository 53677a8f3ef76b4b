import { assign, setup } from 'xstate';
import {
  checkMatch,
  finishModel,
  loadModel,
  loadResult,
  saveDraft,
  startTraining,
  testSource,
  uploadFile,
  watchTraining,
} from './modelWizard.actors.ts';
import { canReach, sourceComplete, stepComplete } from './modelWizard.draft.ts';
import { applyPatch, initialContext, loadedContext, savedContext, testedContext } from './modelWizard.context.ts';
import type {
  FinishOutcome,
  LoadedModel,
  MatchRate,
  ModelDraft,
  ModelWizardContext,
  ModelWizardEvent,
  ModelWizardInput,
  SaveOutcome,
  StepName,
  TestOutcome,
  TrainingResult,
  TrainOutcome,
  WizardError,
} from './modelWizard.types.ts';
import type { TrainingStage } from '../../../shared/userflow.ts';
import { STEPS } from './modelWizard.types.ts';

export type * from './modelWizard.types.ts';

const AUTOSAVE_DEBOUNCE_MS = 800;

const stepState = (step: StepName) => `#modelWizard.ready.steps.${step}`;

/** `wizard.goto` to each step: taken when every step before it is complete (a URL typed by hand cannot skip ahead). */
const gotoTransitions = STEPS.map((step) => ({
  guard: { type: 'canGoto' as const, params: ({ event }: { event: ModelWizardEvent }) => ({ event, step }) },
  target: stepState(step),
}));

/**
 * The model wizard (`/userflow/models/{id}`). `loading` reads the model (`loadFailed` offers a retry). `ready` runs
 * two regions: `steps` — step-0 name, type and question; step-1 the source (`uploading` a file, `testing` the
 * connection, whose success brings the preview rows and the detected columns); step-2 identity, target and features
 * (`matching` the identity column against contacts); step-3 `starting` then `running` the training job, whose
 * progress arrives over realtime, then `fetching` the held-out result; step-4 the run mode and destination,
 * `finishing` into the final `finished` — and `autosave`: every change waits in `debouncing`, then `saving` sends the
 * draft (a refusal keeps the field errors; a failure waits in `failed` for the next change or a retry). Back and next
 * move between steps and keep everything; `wizard.goto` follows the URL but never past an incomplete step.
 */
export const modelWizardMachine = setup({
  types: {
    context: {} as ModelWizardContext,
    events: {} as ModelWizardEvent,
    input: {} as ModelWizardInput,
    output: {} as { modelId: number },
  },
  actors: {
    loadModel,
    saveDraft,
    uploadFile,
    testSource,
    checkMatch,
    startTraining,
    watchTraining,
    loadResult,
    finishModel,
  },
  delays: { AUTOSAVE_DEBOUNCE: AUTOSAVE_DEBOUNCE_MS },
  guards: {
    canGoto: ({ context }, { event, step }: { event: ModelWizardEvent; step: StepName }) =>
      event.type === 'wizard.goto' && event.step === step && canReach(context, step),
    isComplete: ({ context }, step: StepName) => stepComplete(context, step),
    isSourceComplete: ({ context }) => sourceComplete(context.draft),
    hasIdentity: ({ context }) => context.draft.identityColumn !== null,
    canTrain: ({ context }) => canReach(context, 'step-3'),
    isConnected: (_, outcome: TestOutcome) => outcome.kind === 'connected',
    isSaved: (_, outcome: SaveOutcome) => outcome.kind === 'saved',
    isFinished: (_, outcome: FinishOutcome) => outcome.kind === 'finished',
    isQueued: (_, outcome: TrainOutcome) => outcome.kind === 'queued',
    wasTrainingOnLoad: ({ context }) => context.trainingOnLoad,
    isOwnModel: ({ context }, modelId: number) => context.modelId === modelId,
    changedWhileSaving: ({ context }) => context.dirty,
  },
  actions: {
    assignLoaded: assign((_, loaded: LoadedModel) => loadedContext(loaded)),
    edit: assign(({ context }, patch: Partial<ModelDraft>) => applyPatch(context, patch)),
    toggleFeature: assign(({ context }, name: string) =>
      applyPatch(context, {
        features: context.draft.features.map((f) => (f.name === name ? { ...f, enabled: !f.enabled } : f)),
      }),
    ),
    retypeFeature: assign(
      ({ context }, { name, featureType }: { name: string; featureType: ModelDraft['features'][0]['type'] }) =>
        applyPatch(context, {
          features: context.draft.features.map((f) => (f.name === name ? { ...f, type: featureType } : f)),
        }),
    ),
    assignUploaded: assign(({ context }, uploaded: Record<string, string>) =>
      applyPatch(context, { sourceKind: 'file', sourceConfig: uploaded }),
    ),
    assignTested: assign(({ context }, outcome: TestOutcome) => testedContext(context, outcome)),
    assignMatch: assign((_, matchRate: MatchRate) => ({ matchRate })),
    startProgress: assign({ stage: null, progress: 0, result: null, trainError: null }),
    assignProgress: assign((_, p: { stage: TrainingStage | null; percent: number | null }) => ({
      stage: p.stage,
      progress: Math.min(1, Math.max(0, (p.percent ?? 0) / 100)),
    })),
    assignResult: assign((_, result: TrainingResult) => ({ result, stage: null, progress: 1 })),
    assignTrainError: assign((_, code: string) => ({ trainError: code, stage: null })),
    assignThreshold: assign((_, threshold: number) => ({ threshold: Math.min(1, Math.max(0, threshold)) })),
    joinTraining: assign({ trainingOnLoad: false }),
    markSaving: assign({ dirty: false }),
    assignSaved: assign(({ context }, outcome: SaveOutcome) => savedContext(context, outcome)),
    assignRejected: assign((_, outcome: FinishOutcome) => ({
      fieldErrors: outcome.kind === 'rejected' ? outcome.errors : {},
    })),
    markDirty: assign({ dirty: true }),
    clearError: assign({ error: null }),
    failWith: assign((_, error: WizardError) => ({ error })),
  },
}).createMachine({
  id: 'modelWizard',
  context: ({ input }) => initialContext(input),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadModel',
        src: 'loadModel',
        input: ({ context }) => ({ modelId: context.modelId }),
        onDone: { target: 'ready', actions: { type: 'assignLoaded', params: ({ event }) => event.output } },
        onError: { target: 'loadFailed', actions: { type: 'failWith', params: 'loadFailed' } },
      },
    },
    loadFailed: { tags: ['error'], on: { 'wizard.retry': { target: 'loading', actions: 'clearError' } } },
    ready: {
      type: 'parallel',
      invoke: {
        id: 'watchTraining',
        src: 'watchTraining',
      },
      states: {
        steps: {
          initial: 'step-0',
          on: { 'wizard.goto': gotoTransitions },
          states: {
            'step-0': {
              tags: ['editable'],
              on: {
                'draft.change': { actions: { type: 'edit', params: ({ event }) => event.patch } },
                'wizard.next': { guard: { type: 'isComplete', params: 'step-0' }, target: 'step-1' },
              },
            },
            'step-1': {
              initial: 'idle',
              on: { 'wizard.back': { target: 'step-0' } },
              states: {
                idle: {
                  tags: ['editable'],
                  on: {
                    'draft.change': { actions: { type: 'edit', params: ({ event }) => event.patch } },
                    'source.upload': { target: 'uploading', actions: 'clearError' },
                    'source.test': { guard: 'isSourceComplete', target: 'testing', actions: 'clearError' },
                    'wizard.next': {
                      guard: { type: 'isComplete', params: 'step-1' },
                      target: '#modelWizard.ready.steps.step-2',
                    },
                  },
                },
                uploading: {
                  tags: ['busy'],
                  invoke: {
                    id: 'uploadFile',
                    src: 'uploadFile',
                    input: ({ context, event }) => ({
                      modelId: context.modelId,
                      file: (event as Extract<ModelWizardEvent, { type: 'source.upload' }>).file,
                    }),
                    onDone: {
                      target: 'testing',
                      actions: { type: 'assignUploaded', params: ({ event }) => event.output },
                    },
                    onError: { target: 'idle', actions: { type: 'failWith', params: 'testFailed' } },
                  },
                },
                testing: {
                  tags: ['busy'],
                  invoke: {
                    id: 'testSource',
                    src: 'testSource',
                    input: ({ context }) => ({ modelId: context.modelId, draft: context.draft }),
                    onDone: { target: 'idle', actions: { type: 'assignTested', params: ({ event }) => event.output } },
                    onError: { target: 'idle', actions: { type: 'failWith', params: 'testFailed' } },
                  },
                },
              },
            },
            'step-2': {
              initial: 'idle',
              on: { 'wizard.back': { target: 'step-1' } },
              states: {
                idle: {
                  tags: ['editable'],
                  on: {
                    'draft.change': { actions: { type: 'edit', params: ({ event }) => event.patch } },
                    'feature.toggle': { actions: { type: 'toggleFeature', params: ({ event }) => event.name } },
                    'feature.type': { actions: { type: 'retypeFeature', params: ({ event }) => event } },
                    'match.check': { guard: 'hasIdentity', target: 'matching', actions: 'clearError' },
                    'wizard.next': {
                      guard: { type: 'isComplete', params: 'step-2' },
                      target: '#modelWizard.ready.steps.step-3',
                    },
                  },
                },
                matching: {
                  tags: ['busy'],
                  invoke: {
                    id: 'checkMatch',
                    src: 'checkMatch',
                    input: ({ context }) => ({ modelId: context.modelId, draft: context.draft }),
                    onDone: { target: 'idle', actions: { type: 'assignMatch', params: ({ event }) => event.output } },
                    onError: { target: 'idle', actions: { type: 'failWith', params: 'matchFailed' } },
                  },
                },
              },
            },
            'step-3': {
              initial: 'idle',
              states: {
                idle: {
                  // A model training as it loaded: follow that training's progress.
                  always: { guard: 'wasTrainingOnLoad', target: 'running', actions: 'joinTraining' },
                  on: {
                    'wizard.back': { target: '#modelWizard.ready.steps.step-2' },
                    'training.start': {
                      guard: 'canTrain',
                      target: 'starting',
                      actions: ['clearError', 'startProgress'],
                    },
                    'threshold.change': {
                      actions: { type: 'assignThreshold', params: ({ event }) => event.threshold },
                    },
                    'wizard.next': {
                      guard: { type: 'isComplete', params: 'step-3' },
                      target: '#modelWizard.ready.steps.step-4',
                    },
                  },
                },
                starting: {
                  tags: ['busy', 'training'],
                  invoke: {
                    id: 'startTraining',
                    src: 'startTraining',
                    input: ({ context }) => ({ modelId: context.modelId, draft: context.draft }),
                    onDone: [
                      { guard: { type: 'isQueued', params: ({ event }) => event.output }, target: 'running' },
                      {
                        target: 'idle',
                        actions: {
                          type: 'assignTrainError',
                          params: ({ event }) => (event.output.kind === 'refused' ? event.output.code : 'internal'),
                        },
                      },
                    ],
                    onError: { target: 'idle', actions: { type: 'failWith', params: 'trainFailed' } },
                  },
                },
                running: {
                  tags: ['busy', 'training'],
                  on: {
                    'training.progress': {
                      guard: { type: 'isOwnModel', params: ({ event }) => event.modelId },
                      actions: { type: 'assignProgress', params: ({ event }) => event },
                    },
                    'training.finished': {
                      guard: { type: 'isOwnModel', params: ({ event }) => event.modelId },
                      target: 'fetching',
                    },
                    'training.failed': {
                      guard: { type: 'isOwnModel', params: ({ event }) => event.modelId },
                      target: 'idle',
                      actions: { type: 'assignTrainError', params: ({ event }) => event.code },
                    },
                  },
                },
                fetching: {
                  tags: ['busy', 'training'],
                  invoke: {
                    id: 'loadResult',
                    src: 'loadResult',
                    input: ({ context }) => ({ modelId: context.modelId }),
                    onDone: { target: 'idle', actions: { type: 'assignResult', params: ({ event }) => event.output } },
                    onError: { target: 'idle', actions: { type: 'failWith', params: 'trainFailed' } },
                  },
                },
              },
            },
            'step-4': {
              initial: 'idle',
              on: {},
              states: {
                idle: {
                  tags: ['editable'],
                  on: {
                    'wizard.back': { target: '#modelWizard.ready.steps.step-3' },
                    'draft.change': { actions: { type: 'edit', params: ({ event }) => event.patch } },
                    'wizard.finish': {
                      guard: { type: 'isComplete', params: 'step-4' },
                      target: 'finishing',
                      actions: 'clearError',
                    },
                  },
                },
                finishing: {
                  tags: ['busy'],
                  invoke: {
                    id: 'finishModel',
                    src: 'finishModel',
                    input: ({ context }) => ({ modelId: context.modelId, draft: context.draft }),
                    onDone: [
                      {
                        guard: { type: 'isFinished', params: ({ event }) => event.output },
                        target: '#modelWizard.finished',
                      },
                      { target: 'idle', actions: { type: 'assignRejected', params: ({ event }) => event.output } },
                    ],
                    onError: { target: 'idle', actions: { type: 'failWith', params: 'finishFailed' } },
                  },
                },
              },
            },
          },
        },
        autosave: {
          initial: 'idle',
          states: {
            idle: {
              always: { guard: 'changedWhileSaving', target: 'debouncing' },
            },
            debouncing: {
              on: {
                'draft.change': { target: 'debouncing', reenter: true },
                'feature.toggle': { target: 'debouncing', reenter: true },
                'feature.type': { target: 'debouncing', reenter: true },
              },
              after: { AUTOSAVE_DEBOUNCE: 'saving' },
            },
            saving: {
              tags: ['saving'],
              entry: 'markSaving',
              invoke: {
                id: 'saveDraft',
                src: 'saveDraft',
                input: ({ context }) => ({ modelId: context.modelId, draft: context.draft }),
                onDone: { target: 'idle', actions: { type: 'assignSaved', params: ({ event }) => event.output } },
                onError: { target: 'failed', actions: ['markDirty', { type: 'failWith', params: 'saveFailed' }] },
              },
            },
            failed: {
              tags: ['error'],
              on: {
                'wizard.retry': { target: 'saving', actions: 'clearError' },
                'draft.change': { target: 'debouncing', actions: 'clearError' },
              },
            },
          },
        },
      },
    },
    finished: { type: 'final' },
  },
  output: ({ context }) => ({ modelId: context.modelId }),
});
