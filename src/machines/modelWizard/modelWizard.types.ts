// Types shared by the model wizard machine and its actors, so neither module imports the other back. They follow
// issue 24 §1–§3; when the userflow contract lands (branch `ufserver`) they are read from `shared/contract/schema`.

/** Probability: will a contact do X (buy within 30 days, churn); value: how much (next-90-day revenue). */
export type PredictionType = 'probability' | 'value';

/** The four data sources with their own step-1 route, then the connectors offered in the picker. */
export const ROUTED_SOURCES = ['api', 'file', 'ga4', 'userflow'] as const;
export const PICKER_SOURCES = ['postgres', 'mysql', 'hubspot', 'plausible', 'matomo', 'brevo'] as const;
export type SourceKind = (typeof ROUTED_SOURCES)[number] | (typeof PICKER_SOURCES)[number];

export type FeatureType = 'number' | 'category' | 'date' | 'text' | 'boolean';
export type RunMode = 'manual' | 'realtime' | 'scheduled';
export type MatchBy = 'email' | 'externalId';

export interface ModelFeature {
  name: string;
  type: FeatureType;
  enabled: boolean;
}

/** What the wizard edits and autosaves. Secrets are write-only: `config` holds them only until they are saved. */
export interface ModelDraft {
  name: string;
  predictionType: PredictionType;
  question: string;
  sourceKind: SourceKind | null;
  sourceConfig: Record<string, string>;
  /** Secret fields the server already holds (never sent back); a blank input keeps them. */
  secretsSet: string[];
  identityColumn: string | null;
  matchBy: MatchBy;
  targetColumn: string | null;
  features: ModelFeature[];
  runMode: RunMode;
  schedule: string | null;
  attribute: string;
}

/** A column of the source with its detected type, as read from the schema. */
export interface SourceColumn {
  name: string;
  type: FeatureType;
}

/** A successful connection test: the columns and the first rows. */
export interface SourcePreview {
  columns: SourceColumn[];
  rows: Array<Record<string, string | number | boolean | null>>;
}

/** How many rows of the identity column match a contact (0…1), over how many rows. */
export interface MatchRate {
  rate: number;
  rows: number;
  matched: number;
}

export interface CalibrationBin {
  predicted: number;
  observed: number;
  count: number;
}

/** Held-out quality of the chosen algorithm beside the naive baseline. */
export interface TrainingResult {
  algorithm: string;
  predictionType: PredictionType;
  rows: number;
  auc?: number;
  baselineAuc?: number;
  /** Precision and recall at thresholds 0.05 … 0.95, for the threshold slider. */
  thresholds?: Array<{ threshold: number; precision: number; recall: number }>;
  calibration?: CalibrationBin[];
  mae?: number;
  rmse?: number;
  r2?: number;
  baselineMae?: number;
  baselineRmse?: number;
  importances: Array<{ feature: string; importance: number }>;
}

export type ModelStatus = 'draft' | 'training' | 'ready' | 'active' | 'paused' | 'failed';

/** The model as the wizard loads it. */
export interface LoadedModel {
  id: number;
  status: ModelStatus;
  draft: ModelDraft;
  preview: SourcePreview | null;
  matchRate: MatchRate | null;
  result: TrainingResult | null;
}

export type FieldErrors = Record<string, string>;

export type SaveOutcome = { kind: 'saved' } | { kind: 'rejected'; errors: FieldErrors };
export type TestOutcome = { kind: 'connected'; preview: SourcePreview } | { kind: 'refused'; message: string };
export type FinishOutcome = { kind: 'finished' } | { kind: 'rejected'; errors: FieldErrors };

export const STEPS = ['step-0', 'step-1', 'step-2', 'step-3', 'step-4'] as const;
export type StepName = (typeof STEPS)[number];

export type WizardError = 'loadFailed' | 'saveFailed' | 'testFailed' | 'matchFailed' | 'trainFailed' | 'finishFailed';

export interface ModelWizardInput {
  modelId: number;
}

export interface ModelWizardContext {
  modelId: number;
  draft: ModelDraft;
  preview: SourcePreview | null;
  matchRate: MatchRate | null;
  result: TrainingResult | null;
  /** The training job's key while it runs, and its progress 0…1 from realtime `job.progressed`. */
  jobId: string | null;
  progress: number;
  threshold: number;
  /** Changed since the last save. */
  dirty: boolean;
  fieldErrors: FieldErrors;
  /** The connector's own words when a connection test is refused. */
  testMessage: string | null;
  error: WizardError | null;
}

export type ModelWizardEvent =
  | { type: 'wizard.retry' }
  | { type: 'wizard.goto'; step: StepName }
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'draft.change'; patch: Partial<ModelDraft> }
  | { type: 'feature.toggle'; name: string }
  | { type: 'feature.type'; name: string; featureType: FeatureType }
  | { type: 'source.upload'; file: File }
  | { type: 'source.test' }
  | { type: 'match.check' }
  | { type: 'training.start' }
  | { type: 'training.progress'; jobId: string; progress: number }
  | { type: 'training.finished'; jobId: string }
  | { type: 'training.failed'; jobId: string }
  | { type: 'threshold.change'; threshold: number }
  | { type: 'wizard.finish' };
