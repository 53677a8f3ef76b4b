import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as modelWizardActors from '../../src/machines/modelWizard/modelWizard.actors.ts';
import { emptyDraft, furthestStep, stepComplete } from '../../src/machines/modelWizard/modelWizard.draft.ts';
import {
  modelWizardMachine,
  type FinishOutcome,
  type LoadedModel,
  type ModelWizardContext,
  type ModelWizardEvent,
  type ModelWizardInput,
  type SaveOutcome,
  type SourcePreview,
  type TestOutcome,
  type TrainingResult,
  type TrainOutcome,
} from '../../src/machines/modelWizard/modelWizard.machine.ts';
import { after, done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const preview: SourcePreview = {
  columns: [
    { name: 'email', type: 'text' },
    { name: 'visits', type: 'number' },
    { name: 'bought', type: 'boolean' },
  ],
  rows: [{ email: 'ada@shop.test', visits: 4, bought: true }],
};
const result: TrainingResult = {
  algorithm: 'random forest',
  predictionType: 'probability',
  rows: 800,
  auc: 0.86,
  baselineAuc: 0.5,
  thresholds: [{ threshold: 0.5, precision: 0.7, recall: 0.6 }],
  calibration: [{ predicted: 0.5, observed: 0.48, count: 80 }],
  importances: [{ feature: 'visits', importance: 1 }],
};
const trainedDraft = {
  ...emptyDraft(),
  name: 'Buyers',
  question: 'Who buys within 30 days?',
  sourceKind: 'file' as const,
  sourceConfig: { fileName: 'data.csv', rows: '100' },
  identityColumn: 'email',
  targetColumn: 'bought',
  features: preview.columns.map((c) => ({ name: c.name, type: c.type, enabled: true })),
};
/** A draft whose database source is filled in (its password stored) but not yet tested: step-1 offers the test. */
const databaseDraft = {
  ...emptyDraft(),
  name: 'Churn',
  question: 'Who churns?',
  sourceKind: 'postgres' as const,
  sourceConfig: {
    host: 'db.shop.test',
    port: '5432',
    database: 'shop',
    user: 'reader',
    ssl: 'false',
    table: 'public.customers',
  },
  secretsSet: ['password'],
};

export const modelWizardEventFixtures = {
  'wizard.retry': [{ type: 'wizard.retry' }],
  'wizard.goto': [
    { type: 'wizard.goto', step: 'step-0' },
    { type: 'wizard.goto', step: 'step-3' },
    { type: 'wizard.goto', step: 'step-1' },
    { type: 'wizard.goto', step: 'step-2' },
    { type: 'wizard.goto', step: 'step-4' },
  ],
  'wizard.next': [{ type: 'wizard.next' }],
  'wizard.back': [{ type: 'wizard.back' }],
  'draft.change': [
    { type: 'draft.change', patch: { name: 'Buyers', question: 'Who buys within 30 days?' } },
    { type: 'draft.change', patch: { sourceKind: 'file' } },
    { type: 'draft.change', patch: { identityColumn: 'email', targetColumn: 'bought' } },
    { type: 'draft.change', patch: { attribute: 'score_buyers' } },
  ],
  'feature.toggle': [{ type: 'feature.toggle', name: 'visits' }],
  'feature.type': [{ type: 'feature.type', name: 'visits', featureType: 'category' }],
  'source.upload': [{ type: 'source.upload', file: new File(['email,visits,bought\n'], 'data.csv') }],
  'source.test': [{ type: 'source.test' }],
  'match.check': [{ type: 'match.check' }],
  'training.start': [{ type: 'training.start' }],
  'training.progress': [
    { type: 'training.progress', modelId: 1, stage: 'training_forest', percent: 50 },
    { type: 'training.progress', modelId: 2, stage: 'reading', percent: 90 },
  ],
  'training.finished': [
    { type: 'training.finished', modelId: 1 },
    { type: 'training.finished', modelId: 2 },
  ],
  'training.failed': [{ type: 'training.failed', modelId: 1, code: 'single_class' }],
  'threshold.change': [{ type: 'threshold.change', threshold: 0.7 }],
  'wizard.finish': [{ type: 'wizard.finish' }],
} satisfies { [K in ModelWizardEvent['type']]: Array<Extract<ModelWizardEvent, { type: K }>> };

export const modelWizardOutputFixtures = {
  loadModel: {
    new: { id: 1, status: 'draft', draft: emptyDraft(), preview: null, matchRate: null, result: null, training: null },
    database: {
      id: 1,
      status: 'draft',
      draft: databaseDraft,
      preview: null,
      matchRate: null,
      result: null,
      training: null,
    },
    trained: { id: 1, status: 'ready', draft: trainedDraft, preview, matchRate: null, result, training: null },
    training: {
      id: 1,
      status: 'training',
      draft: trainedDraft,
      preview,
      matchRate: null,
      result: null,
      training: { stage: 'training_forest', percent: 40 },
    },
  },
  saveDraft: {
    saved: { kind: 'saved', secretsStored: {} },
    rejected: { kind: 'rejected', errors: { name: 'must NOT have more than 120 characters' } },
  } satisfies { [K in SaveOutcome['kind']]: Extract<SaveOutcome, { kind: K }> },
  uploadFile: { uploaded: { fileName: 'data.csv', rows: '100' } },
  testSource: {
    connected: { kind: 'connected', preview },
    refused: { kind: 'refused', code: 'peer_auth', detail: '401 Unauthorized' },
  } satisfies { [K in TestOutcome['kind']]: Extract<TestOutcome, { kind: K }> },
  checkMatch: { matched: { rate: 0.9, rows: 100, matched: 90 } },
  startTraining: {
    queued: { kind: 'queued' },
    refused: { kind: 'refused', code: 'busy' },
  } satisfies { [K in TrainOutcome['kind']]: Extract<TrainOutcome, { kind: K }> },
  loadResult: { trained: result },
  finishModel: {
    finished: { kind: 'finished' },
    rejected: { kind: 'rejected', errors: { attribute: 'is taken' } },
  } satisfies { [K in FinishOutcome['kind']]: Extract<FinishOutcome, { kind: K }> },
  watchTraining: {},
} satisfies {
  [K in keyof typeof modelWizardActors]: Record<string, OutputFrom<(typeof modelWizardActors)[K]>>;
} & Record<string, unknown>;

const o = modelWizardOutputFixtures;
const e = modelWizardEventFixtures;
const loaded = (fixture: keyof typeof o.loadModel) => done('loadModel', o.loadModel[fixture] as LoadedModel, fixture);

export const modelWizardModel: MachineModel<ModelWizardInput> = {
  name: 'modelWizard',
  machine: modelWizardMachine,
  inputs: { model: { modelId: 1 } },
  events: [
    // Step tabs (and URLs) are events of the graph, so paths open step-2/3/4 directly; the tab to step-1 is left to a
    // journey, which keeps the graph smaller.
    ...Object.values(e)
      .flat()
      .filter((event) => event.type !== 'wizard.goto' || ['step-0', 'step-2', 'step-3', 'step-4'].includes(event.step)),
    loaded('new'),
    loaded('trained'),
    loaded('training'),
    failed('loadModel'),
    done('saveDraft', o.saveDraft.saved, 'saved'),
    done('saveDraft', o.saveDraft.rejected, 'rejected'),
    failed('saveDraft'),
    after('AUTOSAVE_DEBOUNCE', 'modelWizard.ready.autosave.debouncing'),
    done('uploadFile', o.uploadFile.uploaded, 'uploaded'),
    failed('uploadFile'),
    done('testSource', o.testSource.connected, 'connected'),
    done('testSource', o.testSource.refused, 'refused'),
    failed('testSource'),
    done('checkMatch', o.checkMatch.matched, 'matched'),
    failed('checkMatch'),
    done('startTraining', o.startTraining.queued, 'queued'),
    done('startTraining', o.startTraining.refused, 'refused'),
    failed('startTraining'),
    done('loadResult', o.loadResult.trained, 'trained'),
    failed('loadResult'),
    done('finishModel', o.finishModel.finished, 'finished'),
    done('finishModel', o.finishModel.rejected, 'rejected'),
    failed('finishModel'),
  ] as ModelEvent[],
  journeys: [
    {
      name: 'a reload of a trained draft follows the URL to step-3 and keeps the result; back and next keep it',
      input: 'model',
      events: [loaded('trained'), e['wizard.goto'][1], e['wizard.back'][0], e['wizard.next'][0]] as ModelEvent[],
    },
    {
      name: 'a reload mid-training follows that training on step-3 to its result',
      input: 'model',
      events: [
        loaded('training'),
        e['wizard.goto'][1],
        e['training.progress'][0],
        e['training.finished'][0],
        done('loadResult', o.loadResult.trained, 'trained'),
      ] as ModelEvent[],
    },
    {
      name: 'a URL past an incomplete step is refused: a new draft stays on step-0',
      input: 'model',
      events: [loaded('new'), e['wizard.goto'][1]] as ModelEvent[],
    },
    {
      name: 'another model’s progress and end are ignored while training',
      input: 'model',
      events: [
        loaded('trained'),
        e['wizard.goto'][1],
        e['training.start'][0],
        done('startTraining', o.startTraining.queued, 'queued'),
        e['training.progress'][1],
        e['training.finished'][1],
        e['training.progress'][0],
      ] as ModelEvent[],
    },
    {
      name: 'a database source is tested by hand: refused in words, then connected',
      input: 'model',
      events: [
        loaded('database'),
        e['wizard.next'][0],
        e['source.test'][0],
        done('testSource', o.testSource.refused, 'refused'),
        e['source.test'][0],
        done('testSource', o.testSource.connected, 'connected'),
      ] as ModelEvent[],
    },
    {
      name: 'a new draft end to end up to its columns: a test lost on the network, edits while it waits to save, tabs',
      input: 'model',
      events: [
        loaded('new'),
        e['draft.change'][0],
        e['draft.change'][0],
        e['wizard.next'][0],
        e['draft.change'][1],
        e['source.upload'][0],
        done('uploadFile', o.uploadFile.uploaded, 'uploaded'),
        failed('testSource'),
        e['source.upload'][0],
        done('uploadFile', o.uploadFile.uploaded, 'uploaded'),
        done('testSource', o.testSource.connected, 'connected'),
        after('AUTOSAVE_DEBOUNCE', 'modelWizard.ready.autosave.debouncing'),
        done('saveDraft', o.saveDraft.saved, 'saved'),
        e['wizard.next'][0],
        e['draft.change'][2],
        e['feature.toggle'][0],
        e['feature.type'][0],
        e['wizard.goto'][2],
        e['wizard.goto'][3],
        after('AUTOSAVE_DEBOUNCE', 'modelWizard.ready.autosave.debouncing'),
        done('saveDraft', o.saveDraft.saved, 'saved'),
      ] as ModelEvent[],
    },
    {
      name: 'a trained model: the threshold moves, step-4 and back, its tab, the attribute saved',
      input: 'model',
      events: [
        loaded('trained'),
        e['wizard.goto'][1],
        e['threshold.change'][0],
        e['wizard.next'][0],
        e['wizard.back'][0],
        e['wizard.goto'][4],
        e['draft.change'][3],
        after('AUTOSAVE_DEBOUNCE', 'modelWizard.ready.autosave.debouncing'),
        done('saveDraft', o.saveDraft.saved, 'saved'),
      ] as ModelEvent[],
    },
    {
      name: 'a save refused with field errors shows them and leaves the draft unsaved; the next change saves it',
      input: 'model',
      events: [
        loaded('new'),
        e['draft.change'][0],
        after('AUTOSAVE_DEBOUNCE', 'modelWizard.ready.autosave.debouncing'),
        done('saveDraft', o.saveDraft.rejected, 'rejected'),
        e['draft.change'][0],
        after('AUTOSAVE_DEBOUNCE', 'modelWizard.ready.autosave.debouncing'),
        done('saveDraft', o.saveDraft.saved, 'saved'),
      ] as ModelEvent[],
    },
    {
      name: 'changes while the draft saves are saved again',
      input: 'model',
      events: [
        loaded('new'),
        e['draft.change'][0],
        after('AUTOSAVE_DEBOUNCE', 'modelWizard.ready.autosave.debouncing'),
        e['draft.change'][0],
        done('saveDraft', o.saveDraft.saved, 'saved'),
      ] as ModelEvent[],
    },
  ],
  // The furthest reachable step stands for the draft's completeness; the rest is what a transition's guard reads.
  serializeState: (s: AnyMachineSnapshot) => {
    const c = s.context as ModelWizardContext;
    return JSON.stringify({
      value: s.value,
      error: c.error !== null,
      furthest: furthestStep(c),
      finishable: stepComplete(c, 'step-4'),
      source: c.draft.sourceKind !== null,
      identity: c.draft.identityColumn !== null,
      trainingOnLoad: c.trainingOnLoad,
    });
  },
  limit: 60_000,
};
