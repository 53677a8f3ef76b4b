import { fromCallback, fromPromise } from 'xstate';
import { api } from '../../api/appClient.ts';
import { errorCode, firstFieldErrors, unwrap } from '../../api/client.ts';
import { appEvents } from '../../app/appEvents.ts';
import type {
  FinishOutcome,
  LoadedModel,
  MatchRate,
  ModelDraft,
  ModelWizardEvent,
  SaveOutcome,
  TargetSite,
  TestOutcome,
  TrainingResult,
  TrainOutcome,
} from './modelWizard.types.ts';
import { loadedFrom, patchFrom, previewFrom, resultFrom } from './modelWizard.contract.ts';
import { configTexts } from './modelWizard.sources.ts';

const model = (modelId: number) => ({ params: { path: { modelId } } });

/** The source's columns with detected types and its first rows. */
const readPreview = async (modelId: number) => {
  const { params } = model(modelId);
  const [schema, preview] = await Promise.all([
    api.GET('/userflow/models/{modelId}/source/schema', { params }).then(unwrap),
    api.GET('/userflow/models/{modelId}/source/preview', { params }).then(unwrap),
  ]);
  return previewFrom(schema, preview);
};

/**
 * The company's tracker sites with the custom event names each recorded, for a target defined by an event. A site
 * list that cannot be read leaves the choice empty (the column target still works) rather than failing the wizard.
 */
const readTargetSites = async (): Promise<TargetSite[]> => {
  const sites = unwrap(await api.GET('/userflow/tracker/sites'));
  return Promise.all(
    sites.map(async (site) => {
      const names = unwrap(
        await api.GET('/userflow/tracker/sites/{siteId}/event-names', { params: { path: { siteId: site.id } } }),
      );
      return { id: site.id, name: site.name, eventNames: names.map((n) => n.name) };
    }),
  );
};

/**
 * The model with its saved draft and its trained result, and the tracker sites an event target may name. A source that answered before (its features are saved) is
 * read again, so a reload lands on the step the draft had reached; if it does not answer now, the wizard opens on
 * step-1, where "Test the connection" says why.
 */
export const loadModel = fromPromise<LoadedModel, { modelId: number }>(async ({ input }) => {
  // Model ids are positive integers; a URL with anything else is not asked about.
  if (!Number.isSafeInteger(input.modelId) || input.modelId < 1) throw new Error('not a model id');
  const sites = readTargetSites().catch(() => []);
  const m = unwrap(await api.GET('/userflow/models/{modelId}', model(input.modelId)));
  const loaded = { ...loadedFrom(m), targetSites: await sites };
  if (!m.source || m.features.length === 0) return loaded;
  const preview = await readPreview(input.modelId).catch(() => null);
  return { ...loaded, preview };
});

/** The server's names of the target's fields, as the draft names them. */
const TARGET_FIELDS: Record<string, keyof ModelDraft> = {
  'target.column': 'targetColumn',
  'target.siteId': 'targetSiteId',
  'target.eventName': 'targetEvent',
  'target.days': 'targetDays',
};

/**
 * The server's field names for a source's settings (`source.config.host`) are the form's (`sourceConfig.host`), and
 * the target's are the draft's.
 */
const formErrors = (error: unknown) =>
  Object.fromEntries(
    Object.entries(firstFieldErrors(error)).map(([field, message]) => [
      TARGET_FIELDS[field] ?? field.replace(/^source\.(config|secrets)\./, 'sourceConfig.'),
      message,
    ]),
  );

/**
 * The draft as it stands; a 422 (a name too long, a host the contract refuses) is an expected outcome. The secrets
 * that went along are now stored: the machine forgets their values.
 */
export const saveDraft = fromPromise<SaveOutcome, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  const body = patchFrom(input.draft);
  const result = await api.PATCH('/userflow/models/{modelId}', { ...model(input.modelId), body });
  if (result.response.status === 422) return { kind: 'rejected', errors: formErrors(result.error) };
  unwrap(result);
  const sent = body.source && 'secrets' in body.source ? body.source.secrets : undefined;
  return { kind: 'saved', secretsStored: { ...(sent as Record<string, string> | undefined) } };
});

/**
 * A CSV/XLS/XLSX file for the file source; the server keeps it and the model's source becomes that file (its name
 * and row count as the server read them).
 */
export const uploadFile = fromPromise<Record<string, string>, { modelId: number; file: File }>(async ({ input }) => {
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
  const config = uploaded.source?.kind === 'file' ? configTexts(uploaded.source.config) : {};
  return { ...config, fileName: config.fileName || input.file.name };
});

/**
 * Saves the source as typed, connects with it and reads one page; when it answers, its columns with detected types
 * and its first rows. A refusal is a USERFLOW_ERRORS code with the peer's own words.
 */
export const testSource = fromPromise<TestOutcome, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  const { params } = model(input.modelId);
  const saved = await api.PATCH('/userflow/models/{modelId}', { params, body: patchFrom(input.draft) });
  if (saved.response.status === 422) {
    return { kind: 'refused', code: 'source_invalid', detail: Object.values(formErrors(saved.error))[0] ?? null };
  }
  unwrap(saved);
  const tested = await api.POST('/userflow/models/{modelId}/source/test', { params });
  if (tested.response.status === 422) {
    const detail = Object.values(firstFieldErrors(tested.error))[0] ?? null;
    return { kind: 'refused', code: errorCode(tested.error) ?? 'source_invalid', detail };
  }
  const outcome = unwrap(tested);
  if (!outcome.ok)
    return { kind: 'refused', code: outcome.error?.code ?? 'internal', detail: outcome.error?.detail ?? null };
  return { kind: 'connected', preview: await readPreview(input.modelId) };
});

/** How many of the source's identity values match a contact: the identity is saved first, then measured. */
export const checkMatch = fromPromise<MatchRate, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  unwrap(await api.PATCH('/userflow/models/{modelId}', { ...model(input.modelId), body: patchFrom(input.draft) }));
  const rate = unwrap(await api.GET('/userflow/models/{modelId}/source/match-rate', model(input.modelId)));
  return { rate: rate.rate, rows: rate.sampleRows, matched: rate.matched };
});

/**
 * Saves the draft and queues the training; its progress arrives over realtime (`userflow.model`). A model training
 * already (409) or missing a part (422) is refused with the server's code.
 */
export const startTraining = fromPromise<TrainOutcome, { modelId: number; draft: ModelDraft }>(async ({ input }) => {
  unwrap(await api.PATCH('/userflow/models/{modelId}', { ...model(input.modelId), body: patchFrom(input.draft) }));
  const trained = await api.POST('/userflow/models/{modelId}/train', model(input.modelId));
  if (trained.response.status === 409 || trained.response.status === 422) {
    return { kind: 'refused', code: errorCode(trained.error) ?? 'internal' };
  }
  unwrap(trained);
  return { kind: 'queued' };
});

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

/**
 * Realtime `userflow.model`, forwarded as training events (the machine keeps its own model's): a stage and percent
 * while training, a failure with its code, or the status training ended in.
 */
export const watchTraining = fromCallback<ModelWizardEvent>(({ sendBack }) =>
  appEvents.subscribe((event) => {
    if (event.type !== 'userflow.model') return;
    const { modelId, status, stage, percent, error } = event.progress;
    if (error || status === 'failed') sendBack({ type: 'training.failed', modelId, code: error?.code ?? 'internal' });
    else if (status === 'training') sendBack({ type: 'training.progress', modelId, stage, percent });
    else sendBack({ type: 'training.finished', modelId });
  }),
);
