import { fromPromise } from 'xstate';
import { unwrap } from '../../api/client.ts';
import { userflowApi } from '../modelWizard/userflowApi.ts';
import type { ModelAction, ModelSummary } from './modelList.types.ts';

/** The company's models, newest first. */
export const loadModels = fromPromise<ModelSummary[]>(
  async () => unwrap(await userflowApi.GET('/userflow/models')) as ModelSummary[],
);

/** A new draft model; the wizard opens on it. */
export const createModel = fromPromise<{ id: number }>(
  async () => unwrap(await userflowApi.POST('/userflow/models', { body: {} })) as { id: number },
);

/** Pause, resume or retrain one model. */
export const actOnModel = fromPromise<void, { id: number; action: ModelAction }>(async ({ input }) => {
  unwrap(
    await userflowApi.POST(`/userflow/models/{modelId}/${input.action}`, { params: { path: { modelId: input.id } } }),
  );
});

export const deleteModel = fromPromise<void, { id: number }>(async ({ input }) => {
  unwrap(await userflowApi.DELETE('/userflow/models/{modelId}', { params: { path: { modelId: input.id } } }));
});
