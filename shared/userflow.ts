/**
 * UserFlow models (issue 24 §1–§4, §6), named once: prediction types, statuses, data-source kinds and which of their
 * fields are secrets, feature types, run modes, algorithms, the limits of a model, the error codes a run or a
 * connector answers (with the English text a person reads; the SPA translates the code) and the realtime progress of
 * training. The contract's enums carry the same names; the server and the SPA import these.
 */

/** Probability: will a contact do X (a score from 0 to 1). Value: how much (a number in the target's unit). */
export const PREDICTION_TYPES = ['probability', 'value'] as const;
export type PredictionType = (typeof PREDICTION_TYPES)[number];

/** A model's life: a draft until its first training succeeds; paused models are not run by schedule or realtime. */
export const MODEL_STATUSES = ['draft', 'training', 'ready', 'failed', 'paused'] as const;
export type ModelStatus = (typeof MODEL_STATUSES)[number];

/** Where a model reads its rows. */
export const SOURCE_KINDS = [
  'rest',
  'file',
  'ga4',
  'userflow',
  'postgres',
  'mysql',
  'hubspot',
  'plausible',
  'matomo',
  'brevo',
] as const;
export type SourceKind = (typeof SOURCE_KINDS)[number];

/**
 * The write-only fields of each source kind: sent by the browser, stored encrypted with the server key, never sent
 * back (a source answers `secretsSet`, the names of the ones stored).
 */
export const SOURCE_SECRETS = {
  rest: ['authValue', 'password'],
  file: [],
  ga4: ['serviceAccountJson'],
  userflow: [],
  postgres: ['password'],
  mysql: ['password'],
  hubspot: ['accessToken'],
  plausible: ['apiKey'],
  matomo: ['tokenAuth'],
  brevo: ['apiKey'],
} as const satisfies Record<SourceKind, readonly string[]>;
export type SourceSecretName<K extends SourceKind> = (typeof SOURCE_SECRETS)[K][number];

/** The public API hosts of the hosted providers (a source may name another base URL, e.g. a self-hosted Matomo). */
export const PROVIDER_BASE_URLS = {
  hubspot: 'https://api.hubapi.com',
  plausible: 'https://plausible.io',
  brevo: 'https://api.brevo.com',
} as const;

/** How the REST source authenticates. */
export const REST_AUTH_TYPES = ['none', 'bearer', 'header', 'basic'] as const;
export type RestAuthType = (typeof REST_AUTH_TYPES)[number];

/** How the REST source pages: not at all, by page number, or by a cursor the previous answer names. */
export const REST_PAGINATION_TYPES = ['none', 'page', 'cursor'] as const;
export type RestPaginationType = (typeof REST_PAGINATION_TYPES)[number];

/** A column's type, detected from its values and editable in the wizard. */
export const FEATURE_TYPES = ['numeric', 'categorical', 'boolean', 'date'] as const;
export type FeatureType = (typeof FEATURE_TYPES)[number];

/** How the identity column joins contacts: by email, or by the value of a contact attribute (an external id). */
export const MATCH_KINDS = ['email', 'attribute'] as const;
export type MatchKind = (typeof MATCH_KINDS)[number];

/**
 * What the model predicts: a column of the source, or (a probability) whether the contact did a tracker event within
 * N days — the event's name, or PAGE_VIEW_TARGET for any page view.
 */
export const TARGET_KINDS = ['column', 'event'] as const;
export type TargetKind = (typeof TARGET_KINDS)[number];

/** The event name of an event target that means "viewed a page" (any page) instead of a custom event. */
export const PAGE_VIEW_TARGET = 'page_view';

/** When scoring runs: on demand, when the source reports new rows, or on a schedule (a cron pattern). */
export const RUN_MODES = ['manual', 'realtime', 'scheduled'] as const;
export type RunMode = (typeof RUN_MODES)[number];

/** What started a run. */
export const RUN_TRIGGERS = ['manual', 'realtime', 'scheduled', 'training'] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];

export const RUN_STATUSES = ['queued', 'running', 'finished', 'failed'] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];

/** The algorithms tried: a linear model and a tree ensemble per prediction type; the better on validation wins. */
export const ALGORITHMS = [
  'logistic_regression',
  'random_forest',
  'linear_regression',
  'random_forest_regression',
] as const;
export type Algorithm = (typeof ALGORITHMS)[number];

/** How training split rows into training and validation: by the time column (the newest rows validate) or at random. */
export const SPLIT_KINDS = ['time', 'random'] as const;
export type SplitKind = (typeof SPLIT_KINDS)[number];

/** Training's stages, in order, as the realtime progress names them. */
export const TRAINING_STAGES = [
  'reading',
  'encoding',
  'training_linear',
  'training_forest',
  'evaluating',
  'scoring',
] as const;
export type TrainingStage = (typeof TRAINING_STAGES)[number];

export const USERFLOW_LIMITS = {
  maxNameLength: 100,
  maxQuestionLength: 300,
  /** Columns a source may offer and features a model may use. */
  maxColumns: 200,
  maxColumnNameLength: 100,
  /** An event target: "did the event within N days", N in this range (30 unless chosen); its name at most this long. */
  minTargetDays: 1,
  maxTargetDays: 365,
  defaultTargetDays: 30,
  maxTargetEventLength: 100,
  /** Recorded custom event names a site offers for an event target: the most frequent, over these last days. */
  targetEventNames: 50,
  targetEventNamesDays: 90,
  /** Rows the wizard's preview shows. */
  previewRows: 20,
  /** Rows a schema or match-rate check reads to detect types and count matches. */
  sampleRows: 1_000,
  /** Rows training reads at most: more are sampled down at random (fair on this scale, said in the version). */
  maxTrainingRows: 100_000,
  /** Rows a model's source may hold for scoring. */
  maxScoringRows: 5_000_000,
  /** Fewest labelled rows training accepts, and fewest of each class for a probability model. */
  minTrainingRows: 50,
  minRowsPerClass: 10,
  /** Share of rows held out for validation. */
  validationShare: 0.2,
  /** A categorical column is one-hot encoded with its most frequent values up to this many; the rest are "other". */
  maxCategories: 20,
  /** Trees of the forest and the rows each tree sees. */
  forestTrees: 40,
  forestMaxDepth: 10,
  /** Rows per page a connector reads, and per batch scoring writes. */
  pageRows: 5_000,
  scoreBatchRows: 50_000,
  /** Rows in one CSV file of a model's predictions (spec §9). */
  predictionFileRows: 5_000,
  /** Bins of the score histogram and of the calibration table. */
  histogramBins: 20,
  calibrationBins: 10,
  /** Thresholds at which precision and recall are given (0.05 … 0.95). */
  thresholdStep: 0.05,
  /** Seconds a connector waits for its peer before the run fails with `peer_timeout`. */
  peerTimeoutMs: 20_000,
  /** A REST or provider answer larger than this fails with `peer_bad_answer`. */
  maxAnswerBytes: 20 * 1024 * 1024,
  /** How often a realtime model whose source is not the tracker polls its source's changes. */
  realtimePollMs: 5 * 60_000,
  /** A realtime model on the tracker re-scores at most this often when events arrive. */
  realtimeDebounceMs: 60_000,
  maxSqlLength: 10_000,
  maxUrlLength: 2_048,
  maxSecretLength: 20_000,
} as const;

/**
 * Why a connector, training or scoring failed, with the text a person reads (English; the SPA translates the code).
 * `detail` on the error carries what the peer said, cut short.
 */
export const USERFLOW_ERRORS = {
  peer_unreachable: 'The data source cannot be reached. Check its address and that it accepts connections.',
  peer_timeout: 'The data source did not answer in time.',
  peer_auth: 'The data source refused the credentials.',
  peer_http_error: 'The data source answered with an error.',
  peer_bad_answer: 'The data source answered something that is not the data expected.',
  peer_blocked: 'This address is not allowed: it points inside the private network.',
  source_missing: 'Choose and configure a data source first.',
  source_invalid: 'The data source settings are incomplete or wrong.',
  source_empty: 'The data source has no rows.',
  query_refused: 'The query failed or tried to change data; only reading queries are allowed.',
  file_missing: 'Upload a file first.',
  identity_missing: 'Choose the column that identifies contacts.',
  column_missing: 'A column the model uses is not in the data source any more.',
  target_missing: 'Choose what the model predicts.',
  site_missing: 'The tracker site of the event does not exist. Choose one of your sites.',
  features_missing: 'Choose at least one feature.',
  too_few_rows: 'There are too few rows with a known target to train on.',
  single_class: 'Every row has the same outcome: the model needs examples of both.',
  target_not_numeric: 'The target column must hold numbers for a value prediction.',
  no_matches: 'No row matches a contact.',
  not_trained: 'Train the model first.',
  busy: 'The model is training or running already.',
  internal: 'Something went wrong on our side. Try again.',
} as const;
export type UserflowErrorCode = keyof typeof USERFLOW_ERRORS;
export const USERFLOW_ERROR_CODES = Object.keys(USERFLOW_ERRORS) as UserflowErrorCode[];

/** Realtime progress of a model's training or scoring (`userflow.model` in shared/realtime-events.ts). */
export interface UserflowModelProgress {
  modelId: number;
  status: ModelStatus;
  /** Set while training: the stage and how far training is, 0–100. */
  stage: TrainingStage | null;
  percent: number | null;
  /** Set when the training or a run just failed. */
  error: { code: UserflowErrorCode; detail: string | null } | null;
}

/**
 * Whether a model may learn from a column: never from the column that identifies the contact nor from the one it
 * predicts (a model fed its own answer scores perfectly on validation and means nothing). Server and wizard both ask.
 */
export function isLearnable(
  column: string,
  identityColumn: string | null | undefined,
  targetColumn: string | null | undefined,
): boolean {
  return column !== identityColumn && column !== targetColumn;
}

/** The name of the contact attribute a model writes its scores to, suggested from the model's name. */
export function suggestedAttributeName(modelName: string): string {
  const base = modelName.trim().slice(0, 80) || 'Model';
  return `${base} score`;
}
