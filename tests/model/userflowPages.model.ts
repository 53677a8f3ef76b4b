import type { AnyMachineSnapshot, OutputFrom } from 'xstate';
import type * as modelListActors from '../../src/machines/modelList/modelList.actors.ts';
import {
  modelListMachine,
  type ModelListEvent,
  type ModelSummary,
} from '../../src/machines/modelList/modelList.machine.ts';
import type * as predictionsActors from '../../src/machines/predictions/predictions.actors.ts';
import {
  predictionsMachine,
  type PredictionsEvent,
  type PredictionsOverview,
} from '../../src/machines/predictions/predictions.machine.ts';
import { done, failed, type MachineModel, type ModelEvent } from './graph.ts';

const active: ModelSummary = {
  id: 1,
  name: 'Buyers',
  status: 'active',
  predictionType: 'probability',
  runMode: 'scheduled',
  lastRunAt: '2026-11-26T06:00:00.000Z',
  nextRunAt: '2026-11-27T06:00:00.000Z',
  quality: 0.86,
  trainingPercent: null,
};
const training: ModelSummary = {
  ...active,
  id: 3,
  name: 'Churn',
  status: 'training',
  quality: null,
  trainingPercent: 40,
};
const draft: ModelSummary = { ...active, id: 2, name: '', status: 'draft', quality: null, lastRunAt: null };

export const modelListEventFixtures = {
  'list.retry': [{ type: 'list.retry' }],
  'model.create': [{ type: 'model.create', name: 'Buyers in 30 days' }],
  'model.act': [
    { type: 'model.act', id: 1, action: 'pause' },
    { type: 'model.act', id: 99, action: 'retrain' },
  ],
  'model.delete': [
    { type: 'model.delete', id: 1 },
    { type: 'model.delete', id: 99 },
  ],
  'delete.confirm': [{ type: 'delete.confirm' }],
  'delete.cancel': [{ type: 'delete.cancel' }],
  'model.progressed': [
    { type: 'model.progressed', modelId: 3, status: 'training', percent: 70 },
    { type: 'model.progressed', modelId: 3, status: 'ready', percent: null },
  ],
} satisfies { [K in ModelListEvent['type']]: Array<Extract<ModelListEvent, { type: K }>> };

export const modelListOutputFixtures = {
  loadModels: { two: [active, draft, training], none: [] },
  createModel: { created: { id: 3 } },
  actOnModel: { done: undefined },
  deleteModel: { done: undefined },
  watchModels: {},
} satisfies { [K in keyof typeof modelListActors]: Record<string, OutputFrom<(typeof modelListActors)[K]>> };

const l = modelListOutputFixtures;

export const modelListModel: MachineModel<undefined> = {
  name: 'modelList',
  machine: modelListMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(modelListEventFixtures).flat(),
    done('loadModels', l.loadModels.two, 'two'),
    done('loadModels', l.loadModels.none, 'none'),
    failed('loadModels'),
    done('createModel', l.createModel.created, 'created'),
    failed('createModel'),
    done('actOnModel', undefined, 'done'),
    failed('actOnModel'),
    done('deleteModel', undefined, 'done'),
    failed('deleteModel'),
  ] as ModelEvent[],
  journeys: [
    {
      name: 'an unknown model id neither acts nor asks to delete',
      input: 'none',
      events: [
        done('loadModels', l.loadModels.two, 'two'),
        modelListEventFixtures['model.act'][1],
        modelListEventFixtures['model.delete'][1],
      ] as ModelEvent[],
    },
  ],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      models: s.context.models.length,
      training: s.context.models.filter((m: ModelSummary) => m.status === 'training').length,
      target: s.context.target?.id ?? null,
      created: s.context.created,
    }),
};

const overview: PredictionsOverview = {
  runs: [
    {
      id: 5,
      startedAt: '2026-11-26T06:00:00.000Z',
      finishedAt: '2026-11-26T06:00:03.000Z',
      status: 'finished',
      rows: 7000,
      matched: 6500,
      cleared: 0,
      incremental: false,
      durationMs: 3000,
      error: null,
      downloads: [
        { part: 1, rows: 5000, url: '/api/x?part=1' },
        { part: 2, rows: 2000, url: '/api/x?part=2' },
      ],
    },
  ],
  distribution: [{ from: 0, to: 0.1, count: 10 }],
  top: [{ contactId: 9, email: 'ada@shop.test', name: 'Ada', score: 0.97 }],
};
const trained: ModelSummary = { ...active, id: 4, name: 'Churn' };

export const predictionsEventFixtures = {
  'predictions.retry': [{ type: 'predictions.retry' }],
  'model.pick': [
    { type: 'model.pick', id: 4 },
    { type: 'model.pick', id: 1 },
  ],
  'model.run': [{ type: 'model.run' }],
  'threshold.change': [{ type: 'threshold.change', threshold: 0.8 }],
  'segment.create': [{ type: 'segment.create' }],
  'model.updated': [
    { type: 'model.updated', modelId: 1 },
    { type: 'model.updated', modelId: 99 },
  ],
} satisfies { [K in PredictionsEvent['type']]: Array<Extract<PredictionsEvent, { type: K }>> };

export const predictionsOutputFixtures = {
  loadModels: { scored: [active, draft, trained], draftsOnly: [draft] },
  loadOverview: { overview },
  runModel: { done: undefined },
  createSegment: { created: { id: 12, name: 'Buyers above 0.80' } },
  watchRuns: {},
} satisfies { [K in keyof typeof predictionsActors]: Record<string, OutputFrom<(typeof predictionsActors)[K]>> };

const p = predictionsOutputFixtures;

export const predictionsModel: MachineModel<undefined> = {
  name: 'predictions',
  machine: predictionsMachine,
  inputs: { none: undefined },
  events: [
    ...Object.values(predictionsEventFixtures).flat(),
    done('loadModels', p.loadModels.scored, 'scored'),
    done('loadModels', p.loadModels.draftsOnly, 'draftsOnly'),
    failed('loadModels'),
    done('loadOverview', p.loadOverview.overview, 'overview'),
    failed('loadOverview'),
    done('runModel', undefined, 'done'),
    failed('runModel'),
    done('createSegment', p.createSegment.created, 'created'),
    failed('createSegment'),
  ] as ModelEvent[],
  journeys: [
    {
      name: 'a new threshold forgets the segment made with the old one',
      input: 'none',
      events: [
        done('loadModels', p.loadModels.scored, 'scored'),
        done('loadOverview', p.loadOverview.overview, 'overview'),
        predictionsEventFixtures['segment.create'][0],
        done('createSegment', p.createSegment.created, 'created'),
        predictionsEventFixtures['threshold.change'][0],
      ] as ModelEvent[],
    },
    {
      name: 'picking the model already shown does nothing',
      input: 'none',
      events: [
        done('loadModels', p.loadModels.scored, 'scored'),
        done('loadOverview', p.loadOverview.overview, 'overview'),
        predictionsEventFixtures['model.pick'][1],
      ] as ModelEvent[],
    },
  ],
  serializeState: (s: AnyMachineSnapshot) =>
    JSON.stringify({
      value: s.value,
      error: s.context.error,
      modelId: s.context.modelId,
      overview: s.context.overview !== null,
      segment: s.context.segment !== null,
    }),
};
