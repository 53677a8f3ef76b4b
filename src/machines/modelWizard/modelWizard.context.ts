import { emptyDraft, touchesSource, touchesTraining } from './modelWizard.draft.ts';
import { sourceDefaults } from './modelWizard.sources.ts';
import type {
  LoadedModel,
  ModelDraft,
  ModelWizardContext,
  ModelWizardInput,
  SaveOutcome,
  TestOutcome,
} from './modelWizard.types.ts';

// How the model wizard's context changes (modelWizard.machine.ts assigns these): pure functions of the context and
// what arrived.

/** The threshold the precision/recall slider starts at. */
export const DEFAULT_THRESHOLD = 0.5;

export const initialContext = (input: ModelWizardInput): ModelWizardContext => ({
  modelId: input.modelId,
  draft: emptyDraft(),
  preview: null,
  matchRate: null,
  result: null,
  targetSites: [],
  trainingOnLoad: false,
  stage: null,
  progress: 0,
  trainError: null,
  threshold: DEFAULT_THRESHOLD,
  dirty: false,
  fieldErrors: {},
  testRefusal: null,
  error: null,
});

export const loadedContext = (loaded: LoadedModel): Partial<ModelWizardContext> => ({
  draft: loaded.draft,
  preview: loaded.preview,
  matchRate: loaded.matchRate,
  result: loaded.result,
  targetSites: loaded.targetSites ?? [],
  trainingOnLoad: loaded.training !== null,
  stage: loaded.training?.stage ?? null,
  progress: (loaded.training?.percent ?? 0) / 100,
  dirty: false,
  fieldErrors: {},
  error: null,
});

/** An edit of the draft: what it makes stale (preview, match rate, result, field errors) goes with it. */
export const applyPatch = (context: ModelWizardContext, patch: Partial<ModelDraft>): Partial<ModelWizardContext> => {
  const fieldErrors = Object.fromEntries(Object.entries(context.fieldErrors).filter(([k]) => !(k in patch)));
  const source = touchesSource(patch, context.draft);
  // Another kind starts from its own defaults; the stored secrets belong to the kind the server holds.
  const newKind = patch.sourceKind && patch.sourceKind !== context.draft.sourceKind ? patch.sourceKind : null;
  return {
    draft: {
      ...context.draft,
      ...patch,
      ...(newKind ? { sourceConfig: { ...sourceDefaults(newKind), ...patch.sourceConfig }, secretsSet: [] } : {}),
      // A new source invalidates the columns chosen from the old one.
      ...(source ? { identityColumn: null, targetColumn: null, timeColumn: null, features: [] } : {}),
    },
    preview: source ? null : context.preview,
    matchRate: source || 'identityColumn' in patch || 'matchBy' in patch ? null : context.matchRate,
    result: touchesTraining(patch) ? null : context.result,
    testRefusal: source ? null : context.testRefusal,
    dirty: true,
    fieldErrors,
  };
};

/** The preview's columns become the suggested features (every column on, with its detected type). */
export const testedContext = (context: ModelWizardContext, outcome: TestOutcome): Partial<ModelWizardContext> =>
  outcome.kind === 'connected'
    ? {
        preview: outcome.preview,
        draft: {
          ...context.draft,
          // The server's guess of the identity, when none is chosen yet.
          ...(context.draft.identityColumn === null && outcome.preview.suggested?.identityColumn
            ? {
                identityColumn: outcome.preview.suggested.identityColumn,
                matchBy: outcome.preview.suggested.matchBy,
                timeColumn: context.draft.timeColumn ?? outcome.preview.suggested.timeColumn,
              }
            : {}),
          features:
            context.draft.features.length > 0
              ? context.draft.features
              : outcome.preview.columns.map((c) => ({ name: c.name, type: c.type, enabled: true })),
        },
        dirty: true,
      }
    : { preview: null, testRefusal: { code: outcome.code, detail: outcome.detail } };

/** Secrets the server now holds are forgotten (unless retyped meanwhile) and shown as stored. */
export const savedContext = (context: ModelWizardContext, outcome: SaveOutcome): Partial<ModelWizardContext> => {
  if (outcome.kind === 'rejected') return { fieldErrors: outcome.errors };
  const stored = Object.keys(outcome.secretsStored);
  if (stored.length === 0) return { fieldErrors: {} };
  const config = Object.fromEntries(
    Object.entries(context.draft.sourceConfig).filter(([k, v]) => outcome.secretsStored[k] !== v),
  );
  const secretsSet = [...new Set([...context.draft.secretsSet, ...stored])];
  return { fieldErrors: {}, draft: { ...context.draft, sourceConfig: config, secretsSet } };
};
