// Types shared by the model wizard machine and its actors, so neither module imports the other back (issue 24 §1–§3;
// the actors map them to and from the contract's shapes in modelWizard.contract.ts).
import type { TargetKind, TrainingStage } from '../../../shared/userflow.ts';

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
  /** The source's settings as typed, with the secrets typed since the last save (sent once, then forgotten). */
  sourceConfig: Record<string, string>;
  /** Secret fields the server already holds (never sent back); a blank input keeps them. */
  secretsSet: string[];
  identityColumn: string | null;
  matchBy: MatchBy;
  /**
   * What defines the outcome: a column of the source, or (probability models only) whether the contact did a website
   * event — `targetEvent` (a custom event's name, or PAGE_VIEW_TARGET) on tracker site `targetSiteId` within
   * `targetDays` days. A value model always predicts a column, whatever `targetKind` holds.
   */
  targetKind: TargetKind;
  targetColumn: string | null;
  targetSiteId: number | null;
  targetEvent: string;
  targetDays: number;
  /** A date column ordering the rows: training then validates on the newest ones (optional). */
  timeColumn: string | null;
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
  /** The server's guess of the identity column and how it joins contacts (step-2 starts from it). */
  suggested?: { identityColumn: string | null; matchBy: MatchBy; timeColumn: string | null };
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
  /** The precision of calling everyone "yes" (the positive rate). */
  baselinePrecision?: number;
  /** Why this algorithm won: its figure and the other one's on the same validation rows. */
  choice?: { metric: 'auc' | 'rmse'; chosen: number; otherAlgorithm: string; other: number };
  /** Validated on the newest rows (a time column) or on rows set aside at random; sampled when the source is big. */
  split?: 'time' | 'random';
  sampled?: boolean;
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

/** A tracker site an event target can name, with the custom event names it has recorded (most frequent first). */
export interface TargetSite {
  id: number;
  name: string;
  eventNames: string[];
}

/** The model as the wizard loads it. */
export interface LoadedModel {
  id: number;
  status: ModelStatus;
  draft: ModelDraft;
  preview: SourcePreview | null;
  matchRate: MatchRate | null;
  result: TrainingResult | null;
  /** Set when the model is training as it loads (a reload mid-training): step-3 follows that training. */
  training: { stage: TrainingStage | null; percent: number | null } | null;
  /** The company's tracker sites for an event target (absent when they could not be read: the step says none). */
  targetSites?: TargetSite[];
}

export type FieldErrors = Record<string, string>;

/** `secretsStored`: the secrets that went with this save, now held by the server (the draft forgets their values). */
export type SaveOutcome =
  { kind: 'saved'; secretsStored: Record<string, string> } | { kind: 'rejected'; errors: FieldErrors };
/** A refusal carries a USERFLOW_ERRORS code (translated by the screen) and what the peer said. */
export type TestRefusal = { code: string; detail: string | null };
export type TestOutcome = { kind: 'connected'; preview: SourcePreview } | ({ kind: 'refused' } & TestRefusal);
/** Training queued, or refused before it starts (`busy`, or a part missing) with a USERFLOW_ERRORS code. */
export type TrainOutcome = { kind: 'queued' } | { kind: 'refused'; code: string };
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
  /** The tracker sites an event target may name, read with the model. */
  targetSites: TargetSite[];
  /** The server was training this model when it loaded: step-3 joins that training instead of offering a new one. */
  trainingOnLoad: boolean;
  /** Training's stage and progress 0…1 from realtime `userflow.model` while it runs. */
  stage: TrainingStage | null;
  progress: number;
  /** Why the last training failed (a USERFLOW_ERRORS code), when it did. */
  trainError: string | null;
  threshold: number;
  /** Changed since the last save. */
  dirty: boolean;
  fieldErrors: FieldErrors;
  /** The connector's code and words when a connection test is refused. */
  testRefusal: TestRefusal | null;
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
  | { type: 'training.progress'; modelId: number; stage: TrainingStage | null; percent: number | null }
  | { type: 'training.finished'; modelId: number }
  | { type: 'training.failed'; modelId: number; code: string }
  | { type: 'threshold.change'; threshold: number }
  | { type: 'wizard.finish' };
