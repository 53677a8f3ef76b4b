import { fromCallback, fromPromise } from 'xstate';
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
import { userflowApi } from './userflowApi.ts';

const model = (modelId: number) => ({ params: { path: { modelId } } });

/** The model with its saved draft, its last preview, match rate and trained result. */
export const loadModel = fromPromise<LoadedModel, { modelId: number }>(async ({ input }) => {
  // Model ids are positive integers; a URL with anything else is not asked about.
  if (!Number.isSafeInteger(input.modelId) || input.modelId < 1) throw new Error('not a model id');
  return unwrap(await userflowApi.GET('/userflow/models/{modelId}', model(input.modelId))) as LoadedModel;
});

/** The draft as it stands; a 422 (a name too long, an attribute name taken) is an expected outcome. */
export const saveDraft = fromPromise<SaveOutcome, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  const result = await userflowApi.PATCH('/userflow/models/{modelId}', { ...model(input.modelId), body: input.draft });
  if (result.response.status === 422) return { kind: 'rejected', errors: firstFieldErrors(result.error) };
  unwrap(result);
  return { kind: 'saved' };
});

/** A CSV/XLS/XLSX file for the file source; the server keeps it and answers its id. */
export const uploadFile = fromPromise<{ fileId: string; fileName: string }, { modelId: number; file: File }>(
  async ({ input }) => {
    const form = new FormData();
    form.append('file', input.file);
    const uploaded = unwrap(
      await userflowApi.POST('/userflow/models/{modelId}/source/file', { ...model(input.modelId), body: form }),
    ) as { fileId: string };
    return { fileId: uploaded.fileId, fileName: input.file.name };
  },
);

/** Connects with the draft's source settings: its columns and first rows, or the connector's refusal in words. */
export const testSource = fromPromise<TestOutcome, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  const result = await userflowApi.POST('/userflow/models/{modelId}/source/test', {
    ...model(input.modelId),
    body: { kind: input.draft.sourceKind, config: input.draft.sourceConfig },
  });
  if (result.response.status === 422) {
    const errors = firstFieldErrors(result.error);
    return { kind: 'refused', message: Object.values(errors)[0] ?? '' };
  }
  return unwrap(result) as TestOutcome;
});

/** How many of the source's identity values match a contact. */
export const checkMatch = fromPromise<MatchRate, { modelId: number; draft: ModelDraft }>(
  async ({ input }) =>
    unwrap(
      await userflowApi.POST('/userflow/models/{modelId}/match', {
        ...model(input.modelId),
        body: { identityColumn: input.draft.identityColumn, matchBy: input.draft.matchBy },
      }),
    ) as MatchRate,
);

/** Queues the training job; its progress arrives as realtime `job.progressed` under the answered key. */
export const startTraining = fromPromise<{ jobId: string }, { modelId: number; draft: ModelDraft }>(
  async ({ input }) =>
    unwrap(
      await userflowApi.POST('/userflow/models/{modelId}/train', { ...model(input.modelId), body: input.draft }),
    ) as { jobId: string },
);

/** The latest trained version's held-out figures. */
export const loadResult = fromPromise<TrainingResult, { modelId: number }>(
  async ({ input }) =>
    unwrap(await userflowApi.GET('/userflow/models/{modelId}/result', model(input.modelId))) as TrainingResult,
);

/** Saves the run mode and destination and turns the draft into a model that runs. */
export const finishModel = fromPromise<FinishOutcome, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  const result = await userflowApi.POST('/userflow/models/{modelId}/finish', {
    ...model(input.modelId),
    body: input.draft,
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
