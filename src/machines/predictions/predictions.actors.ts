import { fromPromise } from 'xstate';
import { unwrap } from '../../api/client.ts';
import type { ModelSummary } from '../modelList/modelList.types.ts';
import { userflowApi } from '../modelWizard/userflowApi.ts';
import type { CreatedSegment, PredictionsOverview } from './predictions.types.ts';

const model = (modelId: number) => ({ params: { path: { modelId } } });

/** The company's models (the picker lists those that were trained). */
export const loadModels = fromPromise<ModelSummary[]>(
  async () => unwrap(await userflowApi.GET('/userflow/models')) as ModelSummary[],
);

/** One model's runs, its latest score distribution and its top contacts. */
export const loadOverview = fromPromise<PredictionsOverview, { modelId: number }>(
  async ({ input }) =>
    unwrap(
      await userflowApi.GET('/userflow/models/{modelId}/predictions', model(input.modelId)),
    ) as PredictionsOverview,
);

/** Scores the contacts now (a manual run). */
export const runModel = fromPromise<void, { modelId: number }>(async ({ input }) => {
  unwrap(await userflowApi.POST('/userflow/models/{modelId}/run', model(input.modelId)));
});

/** A segment of the contacts whose score is above the threshold. */
export const createSegment = fromPromise<CreatedSegment, { modelId: number; threshold: number }>(
  async ({ input }) =>
    unwrap(
      await userflowApi.POST('/userflow/models/{modelId}/segment', {
        ...model(input.modelId),
        body: { threshold: input.threshold },
      }),
    ) as CreatedSegment,
);
