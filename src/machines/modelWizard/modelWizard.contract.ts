// The wizard's draft and results in the contract's shapes (shared/contract/schema), both ways, so the actors call the
// typed client without casts and the machine keeps the shapes its steps render.
import type { components } from '../../../shared/contract/schema';
import type {
  FeatureType,
  LoadedModel,
  ModelDraft,
  SourceKind,
  SourcePreview,
  TrainingResult,
} from './modelWizard.types.ts';
import { configTexts, sourceInputFrom } from './modelWizard.sources.ts';
import { emptyDraft, targetComplete, targetKindOf, usableFeatures } from './modelWizard.draft.ts';

type Schemas = components['schemas'];
type ContractFeatureType = Schemas['UserflowFeatureType'];

/** The wizard's `api` route is the contract's `rest` source; every other kind has the same name. */
const toContractKind = (kind: SourceKind) => (kind === 'api' ? 'rest' : kind);
const fromContractKind = (kind: Schemas['UserflowSourceKind']): SourceKind => (kind === 'rest' ? 'api' : kind);

const TO_CONTRACT_TYPE: Record<FeatureType, ContractFeatureType> = {
  number: 'numeric',
  category: 'categorical',
  text: 'categorical',
  date: 'date',
  boolean: 'boolean',
};
const FROM_CONTRACT_TYPE: Record<ContractFeatureType, FeatureType> = {
  numeric: 'number',
  categorical: 'category',
  date: 'date',
  boolean: 'boolean',
};
export const fromContractType = (type: ContractFeatureType) => FROM_CONTRACT_TYPE[type];

/** The draft the wizard edits, from the model as the server stores it. */
export function draftFrom(m: Schemas['UserflowModel']): ModelDraft {
  return {
    name: m.name,
    predictionType: m.predictionType,
    question: m.question,
    sourceKind: m.source ? fromContractKind(m.source.kind) : null,
    sourceConfig: m.source ? configTexts(m.source.config) : {},
    secretsSet: m.source?.secretsSet ?? [],
    identityColumn: m.identity?.column ?? null,
    matchBy: m.identity?.matchKind === 'attribute' ? 'externalId' : 'email',
    targetKind: m.target?.kind ?? 'column',
    targetColumn: m.target?.kind === 'column' ? m.target.column : null,
    targetSiteId: m.target?.kind === 'event' ? m.target.siteId : null,
    targetEvent: m.target?.kind === 'event' ? m.target.eventName : '',
    targetDays: m.target?.kind === 'event' ? m.target.days : emptyDraft().targetDays,
    timeColumn: m.timeColumn,
    features: m.features.map((f) => ({ name: f.name, type: FROM_CONTRACT_TYPE[f.type], enabled: f.used })),
    runMode: m.runMode.mode,
    schedule: m.runMode.mode === 'scheduled' ? m.runMode.pattern : null,
    attribute: m.attributeName,
  };
}

/**
 * The autosave body. A file source is set by its upload on the server; every other kind's settings go along once the
 * form is complete (with the secrets typed since the last save), so an unfinished form never replaces a working one.
 */
export function patchFrom(draft: ModelDraft): Schemas['UserflowModelPatch'] {
  const patch: Schemas['UserflowModelPatch'] = { predictionType: draft.predictionType, question: draft.question };
  const source = draft.sourceKind ? sourceInputFrom(draft.sourceKind, draft.sourceConfig) : null;
  if (source) patch.source = source;
  if (draft.name.trim() !== '') patch.name = draft.name;
  if (draft.identityColumn) {
    patch.identity = {
      column: draft.identityColumn,
      matchKind: draft.matchBy === 'externalId' ? 'attribute' : 'email',
      attributeId: null,
    };
  }
  const target = targetFrom(draft);
  if (target) patch.target = target;
  if (draft.timeColumn !== null || draft.identityColumn) patch.timeColumn = draft.timeColumn;
  if (draft.features.length > 0) {
    // The identity and target columns are never features (the step hides them), whatever their switch says.
    const learnt = new Set(usableFeatures(draft).map((f) => f.name));
    patch.features = draft.features.map((f) => ({
      name: f.name,
      type: TO_CONTRACT_TYPE[f.type],
      used: learnt.has(f.name),
    }));
  }
  patch.runMode =
    draft.runMode === 'scheduled' && draft.schedule
      ? { mode: 'scheduled', pattern: draft.schedule, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone }
      : { mode: draft.runMode === 'scheduled' ? 'manual' : draft.runMode };
  if (draft.attribute.trim() !== '') patch.attributeName = draft.attribute;
  return patch;
}

/**
 * The target once it is defined (an unfinished one is left out, so it never replaces the saved one): a column, or for
 * a probability model the website event with its site and days.
 */
export function targetFrom(draft: ModelDraft): Schemas['UserflowTarget'] | null {
  if (targetKindOf(draft) === 'column') {
    return draft.targetColumn ? { kind: 'column', column: draft.targetColumn } : null;
  }
  if (!targetComplete(draft)) return null;
  return { kind: 'event', siteId: draft.targetSiteId!, eventName: draft.targetEvent.trim(), days: draft.targetDays };
}

/** Columns with detected types and the first rows, as the steps show them. */
export function previewFrom(schema: Schemas['UserflowSourceSchema'], preview: Schemas['UserflowSourcePreview']) {
  const result: SourcePreview = {
    columns: schema.columns.map((c) => ({ name: c.name, type: FROM_CONTRACT_TYPE[c.type] })),
    suggested: {
      identityColumn: schema.suggested.identityColumn,
      matchBy: schema.suggested.matchKind === 'attribute' ? 'externalId' : 'email',
      timeColumn: schema.suggested.timeColumn,
    },
    rows: preview.rows.map((row) => Object.fromEntries(preview.columns.map((name, i) => [name, row[i] ?? null]))),
  };
  return result;
}

/** The held-out figures of the latest version beside the naive baseline. */
export function resultFrom(metrics: Schemas['UserflowMetrics']): TrainingResult {
  return {
    algorithm: metrics.algorithm,
    predictionType: metrics.predictionType,
    rows: metrics.validationRows,
    auc: metrics.auc ?? undefined,
    baselineAuc: metrics.baseline.auc ?? undefined,
    baselinePrecision: metrics.baseline.precision ?? undefined,
    choice: metrics.choice,
    split: metrics.split,
    sampled: metrics.sampled,
    thresholds: metrics.thresholds.map((t) => ({
      threshold: t.threshold,
      precision: t.precision ?? 0,
      recall: t.recall,
    })),
    // Empty bins (no validation row predicted in that range) have no figures to draw.
    calibration: metrics.calibration.flatMap((b) =>
      b.predicted === null || b.observed === null
        ? []
        : [{ predicted: b.predicted, observed: b.observed, count: b.count }],
    ),
    mae: metrics.mae ?? undefined,
    rmse: metrics.rmse ?? undefined,
    r2: metrics.r2 ?? undefined,
    baselineMae: metrics.baseline.mae ?? undefined,
    baselineRmse: metrics.baseline.rmse ?? undefined,
    importances: metrics.importances.map((i) => ({ feature: i.feature, importance: i.importance })),
  };
}

/** The model as the wizard loads it; the preview and the match rate are read again by their own steps. */
export const loadedFrom = (m: Schemas['UserflowModel']): LoadedModel => ({
  id: m.id,
  status: m.status,
  draft: draftFrom(m),
  preview: null,
  matchRate: null,
  result: m.metrics ? resultFrom(m.metrics) : null,
  training: m.status === 'training' ? { stage: m.training?.stage ?? null, percent: m.training?.percent ?? null } : null,
});

export { toContractKind };
