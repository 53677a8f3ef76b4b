import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type { ModelAction, ModelListEvent, ModelSummary } from './modelList.types.ts';
import { toSummary } from './modelList.summary.ts';

const model = (modelId: number) => ({ params: { path: { modelId } } });

/** The company's models, newest first. */
export const loadModels = fromPromise<ModelSummary[]>(async () =>
  unwrap(await api.GET('/userflow/models')).map(toSummary),
);

/** A new draft model named by the screen (in the reader's language); the wizard opens on it. */
export const createModel = fromPromise<{ id: number }, { name: string }>(async ({ input }) => {
  const created = unwrap(
    await api.POST('/userflow/models', { body: { name: input.name, predictionType: 'probability' } }),
  );
  return { id: created.id };
});

/** Pause, resume or retrain one model (retraining queues a new training of the saved settings). */
export const actOnModel = fromPromise<void, { id: number; action: ModelAction }>(async ({ input }) => {
  const params = model(input.id);
  if (input.action === 'pause') unwrap(await api.POST('/userflow/models/{modelId}/pause', params));
  else if (input.action === 'resume') unwrap(await api.POST('/userflow/models/{modelId}/resume', params));
  else unwrap(await api.POST('/userflow/models/{modelId}/train', params));
});

export const deleteModel = fromPromise<void, { id: number }>(async ({ input }) => {
  unwrap(await api.DELETE('/userflow/models/{modelId}', model(input.id)));
});

/** Realtime `userflow.model` of the company's models: a training's percent, or the status a model moved to. */
export const watchModels = fromCallback<ModelListEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type !== 'userflow.model') return;
    const { modelId, status, percent } = event.progress;
    sendBack({ type: 'model.progressed', modelId, status, percent });
  }),
);
