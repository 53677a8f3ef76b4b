import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { ModelSummary } from '../modelList/modelList.types.ts';
import { toSummary } from '../modelList/modelList.summary.ts';
import type { CreatedSegment, PredictionRun, PredictionsEvent, PredictionsOverview } from './predictions.types.ts';

const model = (modelId: number) => ({ params: { path: { modelId } } });
/** Runs and top contacts shown on the page: the newest 20 runs, the 20 best-scored contacts. */
const FIRST_PAGE = { page: 1, perPage: 20 };

/** The company's models (the picker lists those that were trained). */
export const loadModels = fromPromise<ModelSummary[]>(async () =>
  unwrap(await api.GET('/userflow/models')).map(toSummary),
);

/**
 * One model's runs, its latest score distribution and its top contacts, read in parallel. The CSV files hold the
 * latest scores, so their links hang on the newest finished run.
 */
export const loadOverview = fromPromise<PredictionsOverview, { modelId: number }>(async ({ input }) => {
  const { params } = model(input.modelId);
  const [runs, histogram, top, files] = await Promise.all([
    api.GET('/userflow/models/{modelId}/runs', { params: { ...params, query: FIRST_PAGE } }).then(unwrap),
    api.GET('/userflow/models/{modelId}/predictions/histogram', { params }).then(unwrap),
    api.GET('/userflow/models/{modelId}/predictions/top', { params: { ...params, query: FIRST_PAGE } }).then(unwrap),
    api.GET('/userflow/models/{modelId}/predictions/files', { params }).then(unwrap),
  ]);
  const latestFinished = runs.find((run) => run.status === 'finished')?.id;
  return {
    runs: runs.map((run): PredictionRun => ({
      id: run.id,
      startedAt: run.startedAt ?? run.createdAt,
      finishedAt: run.finishedAt,
      // A queued run shows as running: both mean "not finished yet" to the reader.
      status: run.status === 'queued' ? 'running' : run.status,
      rows: run.rows,
      matched: run.matched,
      cleared: run.cleared,
      incremental: run.incremental,
      durationMs: run.durationMs,
      error: run.error?.message ?? null,
      downloads: run.id === latestFinished ? files : [],
    })),
    distribution: histogram.bins,
    top: top.map((c) => ({
      contactId: c.contactId,
      email: c.email,
      name: [c.firstName, c.lastName].filter(Boolean).join(' ') || null,
      score: c.score,
    })),
  };
});

/** Scores the contacts now (a manual run). */
export const runModel = fromPromise<void, { modelId: number }>(async ({ input }) => {
  unwrap(await api.POST('/userflow/models/{modelId}/runs', model(input.modelId)));
});

/** A segment of the contacts whose score is above the threshold, named after the model and the threshold. */
export const createSegment = fromPromise<CreatedSegment, { modelId: number; threshold: number; modelName: string }>(
  async ({ input }) => {
    const segment = unwrap(
      await api.POST('/userflow/models/{modelId}/predictions/segment', {
        ...model(input.modelId),
        body: { name: `${input.modelName} > ${input.threshold}`.slice(0, 100), threshold: input.threshold },
      }),
    );
    return { id: segment.id, name: segment.name };
  },
);

/**
 * Realtime `userflow.model` without a training stage: a run (by hand, on schedule, or the one after training) or a
 * training ended, so the shown runs, distribution and top contacts are stale.
 */
export const watchRuns = fromCallback<PredictionsEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type !== 'userflow.model' || event.progress.stage !== null) return;
    sendBack({ type: 'model.updated', modelId: event.progress.modelId });
  }),
);
