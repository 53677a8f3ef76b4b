import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { firstFieldErrors, unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type {
  FinishOutcome,
  LoadedModel,
  MatchRate,
  ModelDraft,
  ModelWizardEvent,
  SaveOutcome,
  TestOutcome,
  TrainingResult,
} from './modelWizard.types.ts';
import { loadedFrom, patchFrom, previewFrom, resultFrom } from './modelWizard.contract.ts';

const model = (modelId: number) => ({ params: { path: { modelId } } });

/** The model with its saved draft and its trained result. */
export const loadModel = fromPromise<LoadedModel, { modelId: number }>(async ({ input }) => {
  // Model ids are positive integers; a URL with anything else is not asked about.
  if (!Number.isSafeInteger(input.modelId) || input.modelId < 1) throw new Error('not a model id');
  return loadedFrom(unwrap(await api.GET('/userflow/models/{modelId}', model(input.modelId))));
});

/** The draft as it stands; a 422 (a name too long, an attribute name taken) is an expected outcome. */
export const saveDraft = fromPromise<SaveOutcome, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  const result = await api.PATCH('/userflow/models/{modelId}', {
    ...model(input.modelId),
    body: patchFrom(input.draft),
  });
  if (result.response.status === 422) return { kind: 'rejected', errors: firstFieldErrors(result.error) };
  unwrap(result);
  return { kind: 'saved' };
});

/** A CSV/XLS/XLSX file for the file source; the server keeps it and the model's source becomes that file. */
export const uploadFile = fromPromise<{ fileId: string; fileName: string }, { modelId: number; file: File }>(
  async ({ input }) => {
    const uploaded = unwrap(
      await api.POST('/userflow/models/{modelId}/source/file', {
        ...model(input.modelId),
        body: { file: input.file.name },
        bodySerializer: () => {
          const form = new FormData();
          form.append('file', input.file, input.file.name);
          return form;
        },
      }),
    );
    return { fileId: String(uploaded.id), fileName: input.file.name };
  },
);

/**
 * Connects with the saved source and reads one page; when it answers, its columns with detected types and its
 * first rows. A refusal is the connector's own words.
 */
export const testSource = fromPromise<TestOutcome, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  const { params } = model(input.modelId);
  const tested = await api.POST('/userflow/models/{modelId}/source/test', { params });
  if (tested.response.status === 422) {
    const errors = firstFieldErrors(tested.error);
    return { kind: 'refused', message: Object.values(errors)[0] ?? tested.error?.message ?? '' };
  }
  const outcome = unwrap(tested);
  if (!outcome.ok) return { kind: 'refused', message: outcome.error?.detail ?? outcome.error?.message ?? '' };
  const [schema, preview] = await Promise.all([
    api.GET('/userflow/models/{modelId}/source/schema', { params }).then(unwrap),
    api.GET('/userflow/models/{modelId}/source/preview', { params }).then(unwrap),
  ]);
  return { kind: 'connected', preview: previewFrom(schema, preview) };
});

/** How many of the source's identity values match a contact: the identity is saved first, then measured. */
export const checkMatch = fromPromise<MatchRate, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  unwrap(await api.PATCH('/userflow/models/{modelId}', { ...model(input.modelId), body: patchFrom(input.draft) }));
  const rate = unwrap(await api.GET('/userflow/models/{modelId}/source/match-rate', model(input.modelId)));
  return { rate: rate.rate, rows: rate.sampleRows, matched: rate.matched };
});

/** Saves the draft and queues the training; its progress arrives over realtime under the model's key. */
export const startTraining = fromPromise<{ jobId: string }, { modelId: number; draft: ModelDraft }>(
  async ({ input }) => {
    unwrap(await api.PATCH('/userflow/models/{modelId}', { ...model(input.modelId), body: patchFrom(input.draft) }));
    const trained = unwrap(await api.POST('/userflow/models/{modelId}/train', model(input.modelId)));
    return { jobId: `userflow-model-${trained.id}` };
  },
);

/** The latest trained version's held-out figures. */
export const loadResult = fromPromise<TrainingResult, { modelId: number }>(async ({ input }) => {
  const m = unwrap(await api.GET('/userflow/models/{modelId}', model(input.modelId)));
  if (!m.metrics) throw new Error('no trained version');
  return resultFrom(m.metrics);
});

/** Saves the run mode and the destination attribute; a trained model then runs as chosen. */
export const finishModel = fromPromise<FinishOutcome, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  const result = await api.PATCH('/userflow/models/{modelId}', {
    ...model(input.modelId),
    body: patchFrom(input.draft),
  });
  if (result.response.status === 422) return { kind: 'rejected', errors: firstFieldErrors(result.error) };
  unwrap(result);
  return { kind: 'finished' };
});

/** Realtime job progress, forwarded as training events (the machine keeps its own job's). */
export const watchTraining = fromCallback<ModelWizardEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type !== 'job.progressed') return;
    const { jobId, processed, total, status } = event.job;
    if (status === 'finished') sendBack({ type: 'training.finished', jobId });
    else if (status === 'failed') sendBack({ type: 'training.failed', jobId });
    else sendBack({ type: 'training.progress', jobId, progress: total ? processed / total : 0 });
  }),
);
