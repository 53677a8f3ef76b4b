import { isLearnable, USERFLOW_LIMITS, type TargetKind } from '../../../shared/userflow.ts';
import { COLUMN_SETTINGS, sourceProblems } from './modelWizard.sources.ts';
import type { ModelDraft, ModelWizardContext, StepName } from './modelWizard.types.ts';
import { STEPS } from './modelWizard.types.ts';

/** A new model's draft before anything is chosen. */
export const emptyDraft = (): ModelDraft => ({
  name: '',
  predictionType: 'probability',
  question: '',
  sourceKind: null,
  sourceConfig: {},
  secretsSet: [],
  identityColumn: null,
  matchBy: 'email',
  targetKind: 'column',
  targetColumn: null,
  targetSiteId: null,
  targetEvent: '',
  targetDays: USERFLOW_LIMITS.defaultTargetDays,
  timeColumn: null,
  features: [],
  runMode: 'manual',
  schedule: null,
  attribute: '',
});

/** Fields whose change makes the connection test, the column choices and the trained result stale. */
const SOURCE_FIELDS: Array<keyof ModelDraft> = ['sourceKind', 'sourceConfig'];
/** Fields whose change makes the trained result stale. */
const TRAINING_FIELDS: Array<keyof ModelDraft> = [
  'predictionType',
  ...SOURCE_FIELDS,
  'identityColumn',
  'matchBy',
  'targetKind',
  'targetColumn',
  'targetSiteId',
  'targetEvent',
  'targetDays',
  'timeColumn',
  'features',
];

/**
 * Whether a patch changes where the model reads (its kind or a setting other than a column pick such as the changes
 * column); such a patch invalidates the preview and the columns chosen from it.
 */
export const touchesSource = (patch: Partial<ModelDraft>, draft?: ModelDraft) => {
  if (!SOURCE_FIELDS.some((f) => f in patch)) return false;
  if (!draft || 'sourceKind' in patch || !patch.sourceConfig) return true;
  const next = patch.sourceConfig;
  const names = new Set([...Object.keys(draft.sourceConfig), ...Object.keys(next)]);
  return [...names].some(
    (name) => !COLUMN_SETTINGS.has(name) && (draft.sourceConfig[name] ?? '') !== (next[name] ?? ''),
  );
};
export const touchesTraining = (patch: Partial<ModelDraft>) => TRAINING_FIELDS.some((f) => f in patch);

/** A source the connection test can try: a file uploaded, or every required setting of the other kinds filled in. */
export function sourceComplete(draft: ModelDraft) {
  if (draft.sourceKind === null) return false;
  if (draft.sourceKind === 'file') return Boolean(draft.sourceConfig.fileName);
  return Object.keys(sourceProblems(draft.sourceKind, draft.sourceConfig)).length === 0;
}

/** Whether each step has what the next one needs (the checks the Next button and direct URLs obey). */
export function stepComplete(context: Pick<ModelWizardContext, 'draft' | 'preview' | 'result'>, step: StepName) {
  const { draft } = context;
  switch (step) {
    case 'step-0':
      return draft.name.trim() !== '' && draft.question.trim() !== '';
    case 'step-1':
      return draft.sourceKind !== null && context.preview !== null;
    case 'step-2':
      return draft.identityColumn !== null && targetComplete(draft) && usableFeatures(draft).length > 0;
    case 'step-3':
      return context.result !== null;
    case 'step-4':
      return draft.attribute.trim() !== '' && (draft.runMode !== 'scheduled' || draft.schedule !== null);
  }
}

/** What defines the outcome in effect: a website event only for a probability model (a value is a column's number). */
export const targetKindOf = (draft: Pick<ModelDraft, 'predictionType' | 'targetKind'>): TargetKind =>
  draft.predictionType === 'probability' ? draft.targetKind : 'column';

/** The column the model predicts, or null when an event defines the outcome (no column is then kept from features). */
export const targetColumnOf = (draft: ModelDraft) => (targetKindOf(draft) === 'column' ? draft.targetColumn : null);

/** Whether a number of days is one an event target accepts (a whole number within the limits). */
export const validTargetDays = (days: number) =>
  Number.isInteger(days) && days >= USERFLOW_LIMITS.minTargetDays && days <= USERFLOW_LIMITS.maxTargetDays;

/** The outcome is defined: a column other than the identity, or a site, an event name and a number of days. */
export function targetComplete(draft: ModelDraft) {
  if (targetKindOf(draft) === 'column') {
    return draft.targetColumn !== null && draft.targetColumn !== draft.identityColumn;
  }
  const name = draft.targetEvent.trim();
  return (
    draft.targetSiteId !== null &&
    name !== '' &&
    name.length <= USERFLOW_LIMITS.maxTargetEventLength &&
    validTargetDays(draft.targetDays)
  );
}

/** Enabled features other than the identity column and the target column (when a column is the target). */
export const usableFeatures = (draft: ModelDraft) =>
  draft.features.filter((f) => f.enabled && isLearnable(f.name, draft.identityColumn, targetColumnOf(draft)));

/** A step is reachable when every step before it is complete. */
export const canReach = (context: Pick<ModelWizardContext, 'draft' | 'preview' | 'result'>, step: StepName) =>
  STEPS.slice(0, STEPS.indexOf(step)).every((s) => stepComplete(context, s));

/** The furthest step a reload may land on: the first incomplete one. */
export const furthestStep = (context: Pick<ModelWizardContext, 'draft' | 'preview' | 'result'>): StepName =>
  STEPS.find((s) => !stepComplete(context, s)) ?? 'step-4';
