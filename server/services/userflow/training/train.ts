/**
 * Training as a pure function of labelled rows (issue 24 §3), no database: split (by time when the model names a
 * time column, else at random and stratified), encode on the training rows only, balance the classes by resampling,
 * train the linear model and the forest, evaluate both on the held-out rows, keep the better (higher AUC, or lower
 * RMSE; a tie keeps the simpler linear model) and describe it with the contract's UserflowMetrics. The artifact is
 * JSON; `scoreRows` applies it to any rows.
 */
import type { components } from '../../../../shared/contract/schema.d.ts';
import { USERFLOW_LIMITS, type PredictionType, type TrainingStage } from '../../../../shared/userflow.ts';
import { ConnectorError, type SourceRow } from '../connectors/types.ts';
import { parseDate } from '../connectors/values.ts';
import { predictor, trainForest, trainLinear, trainLogistic, type Predictor, type Trained } from './algorithms.ts';
import { encodeRows, fitEncoder, type Encoder, type FeatureSpec } from './encode.ts';
import { auc, calibration, regression, thresholds } from './metrics.ts';
import { seeded, shuffle, type Random } from './random.ts';

export type Metrics = components['schemas']['UserflowMetrics'];

export interface Example {
  row: SourceRow;
  /** 1/0 for a probability, the number for a value. */
  label: number;
}

export interface TrainingInput {
  predictionType: PredictionType;
  examples: Example[];
  features: FeatureSpec[];
  timeColumn: string | null;
  /** The source had more rows than training read. */
  sampled: boolean;
  seed?: number;
  /** Dates are aged against this instant (ms); the job passes now. */
  reference: number;
  /** Trees of the forest (USERFLOW_LIMITS.forestTrees unless a caller needs fewer). */
  trees?: number;
  onProgress?: (stage: TrainingStage, percent: number) => void;
}

export interface Artifact {
  predictionType: PredictionType;
  encoder: Encoder;
  trained: Trained;
  /** Probability models learn on balanced classes; this log-odds shift gives back the real base rate. */
  logOddsShift: number;
  /** Why the algorithm was chosen, in words (the contract's `choice` carries the figures). */
  reason: string;
}

export interface TrainingResult {
  artifact: Artifact;
  metrics: Metrics;
}

const logit = (p: number) => Math.log(p / (1 - p));
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
const clampProbability = (p: number) => Math.min(1 - 1e-6, Math.max(1e-6, p));

/** Models loaded from their artifact, once per artifact object (scoring calls this page by page). */
const loaded = new WeakMap<Artifact, Predictor>();

/** What the model answers for rows: probabilities on the real base rate, or values. */
export function scoreRows(artifact: Artifact, rows: SourceRow[]): number[] {
  let predict = loaded.get(artifact);
  if (!predict) loaded.set(artifact, (predict = predictor(artifact.trained)));
  const raw = predict(encodeRows(artifact.encoder, rows));
  if (artifact.predictionType === 'value') return raw;
  return raw.map((p) => sigmoid(logit(clampProbability(p)) + artifact.logOddsShift));
}

function timeOf(row: SourceRow, column: string): number {
  return parseDate(row[column]) ?? -Infinity;
}

/** Indexes of training and validation rows: the newest rows validate when time is known, else a stratified draw. */
function split(
  input: TrainingInput,
  random: Random,
): { train: number[]; validation: number[]; kind: 'time' | 'random' } {
  const n = input.examples.length;
  const held = Math.max(1, Math.round(n * USERFLOW_LIMITS.validationShare));
  if (input.timeColumn) {
    const column = input.timeColumn;
    const order = input.examples
      .map((_, i) => i)
      .sort((a, b) => {
        const diff = timeOf(input.examples[a]!.row, column) - timeOf(input.examples[b]!.row, column);
        return Number.isNaN(diff) ? 0 : diff;
      });
    const train = order.slice(0, n - held);
    const validation = order.slice(n - held);
    const labels = new Set(validation.map((i) => input.examples[i]!.label));
    // A time split whose newest rows hold one outcome only cannot be judged: fall back to a random split.
    if (input.predictionType === 'value' || labels.size === 2) return { train, validation, kind: 'time' };
  }
  const groups =
    input.predictionType === 'probability'
      ? [0, 1].map((label) => input.examples.flatMap((example, i) => (example.label === label ? [i] : [])))
      : [input.examples.map((_, i) => i)];
  const train: number[] = [];
  const validation: number[] = [];
  for (const group of groups) {
    shuffle(group, random);
    const cut = Math.round(group.length * USERFLOW_LIMITS.validationShare);
    validation.push(...group.slice(0, cut));
    train.push(...group.slice(cut));
  }
  return { train, validation, kind: 'random' };
}

/** Oversamples the rarer class until both are as many (the linear model and the forest both learn from it). */
function balance(indexes: number[], labels: number[], random: Random): number[] {
  const yes = indexes.filter((i) => labels[i] === 1);
  const no = indexes.filter((i) => labels[i] !== 1);
  const [rare, common] = yes.length < no.length ? [yes, no] : [no, yes];
  const extra = Array.from({ length: common.length - rare.length }, () => rare[Math.floor(random() * rare.length)]!);
  return shuffle([...indexes, ...extra], random);
}

function checkCounts(input: TrainingInput): void {
  const n = input.examples.length;
  if (n < USERFLOW_LIMITS.minTrainingRows) throw new ConnectorError('too_few_rows', `${n} rows with a known target.`);
  if (input.predictionType !== 'probability') return;
  const yes = input.examples.filter((example) => example.label === 1).length;
  if (yes === 0 || yes === n) throw new ConnectorError('single_class');
  if (Math.min(yes, n - yes) < USERFLOW_LIMITS.minRowsPerClass) {
    throw new ConnectorError('too_few_rows', `${Math.min(yes, n - yes)} rows of the rarer outcome.`);
  }
}

const NAMES = {
  logistic_regression: 'logistic regression',
  random_forest: 'random forest',
  linear_regression: 'linear regression',
  random_forest_regression: 'random forest',
} as const;

export function describeChoice(choice: Metrics['choice'], algorithm: Metrics['algorithm']): string {
  const figure = (value: number) => value.toFixed(3);
  const better = choice.metric === 'auc' ? 'higher AUC' : 'lower RMSE';
  const verdict =
    choice.chosen === choice.other ? `the same ${choice.metric.toUpperCase()}, so the simpler model is kept` : better;
  return (
    `${NAMES[algorithm]} was chosen: ${verdict} on the validation rows (${figure(choice.chosen)} against ` +
    `${figure(choice.other)} for ${NAMES[choice.otherAlgorithm]}).`
  );
}

export function train(input: TrainingInput): TrainingResult {
  const progress = input.onProgress ?? (() => undefined);
  checkCounts(input);
  const random = seeded(input.seed ?? 1);
  const probability = input.predictionType === 'probability';
  progress('encoding', 10);
  const parts = split(input, random);
  const labels = input.examples.map((example) => example.label);
  const rows = input.examples.map((example) => example.row);
  const encoder = fitEncoder(
    parts.train.map((i) => rows[i]!),
    input.features,
    input.reference,
  );
  const fitted = probability ? balance(parts.train, labels, random) : shuffle([...parts.train], random);
  const X = encodeRows(
    encoder,
    fitted.map((i) => rows[i]!),
  );
  const y = fitted.map((i) => labels[i]!);
  const trainLabels = parts.train.map((i) => labels[i]!);
  const trainMean = trainLabels.reduce((sum, value) => sum + value, 0) / trainLabels.length;
  const logOddsShift = probability ? logit(trainMean) - logit(0.5) : 0;
  progress('training_linear', 20);
  const linear = probability ? trainLogistic(X, y, random) : trainLinear(X, y);
  progress('training_forest', 45);
  const forest = trainForest(input.predictionType, X, y, random, input.trees);
  progress('evaluating', 80);

  const validationRows = parts.validation.map((i) => rows[i]!);
  const actual = parts.validation.map((i) => labels[i]!);
  const candidates = [linear, forest].map((trained) => {
    const artifact: Artifact = { predictionType: input.predictionType, encoder, trained, logOddsShift, reason: '' };
    const scores = scoreRows(artifact, validationRows);
    const figure = probability ? (auc(scores, actual) ?? 0.5) : regression(scores, actual).rmse;
    return { artifact, scores, figure };
  });
  const [first, second] = candidates as [(typeof candidates)[0], (typeof candidates)[0]];
  const forestWins = probability ? second.figure > first.figure : second.figure < first.figure;
  const [chosen, other] = forestWins ? [second, first] : [first, second];
  const choice: Metrics['choice'] = {
    metric: probability ? 'auc' : 'rmse',
    chosen: chosen.figure,
    otherAlgorithm: other.artifact.trained.algorithm,
    other: other.figure,
  };
  const algorithm = chosen.artifact.trained.algorithm;
  const artifact = { ...chosen.artifact, reason: describeChoice(choice, algorithm) };

  const validationRate = actual.reduce((sum, value) => sum + value, 0) / (actual.length || 1);
  const fit = probability ? null : regression(chosen.scores, actual);
  const naive = probability
    ? null
    : regression(
        actual.map(() => trainMean),
        actual,
      );
  const metrics: Metrics = {
    predictionType: input.predictionType,
    algorithm,
    choice,
    split: parts.kind,
    trainRows: parts.train.length,
    validationRows: parts.validation.length,
    sampled: input.sampled,
    positiveRate: probability ? trainMean : null,
    auc: probability ? chosen.figure : null,
    thresholds: probability ? thresholds(chosen.scores, actual) : [],
    calibration: probability ? calibration(chosen.scores, actual) : [],
    mae: fit?.mae ?? null,
    rmse: fit?.rmse ?? null,
    r2: fit?.r2 ?? null,
    baseline: {
      auc: probability ? 0.5 : null,
      precision: probability ? validationRate : null,
      mae: naive?.mae ?? null,
      rmse: naive?.rmse ?? null,
      r2: naive ? (naive.r2 ?? null) : null,
    },
    importances: importances(artifact, validationRows, actual, chosen.figure, random),
  };
  progress('evaluating', 100);
  return { artifact, metrics };
}

/** Rows permutation importance looks at (enough to rank features, few enough to stay quick). */
const IMPORTANCE_ROWS = 2_000;

/**
 * Permutation importance on validation rows: how much the figure (AUC, or RMSE) worsens when one feature's values are
 * shuffled across rows; worsening only, shares summing to 1 (equal shares when no feature matters).
 */
function importances(
  artifact: Artifact,
  rows: SourceRow[],
  actual: number[],
  figure: number,
  random: Random,
): Metrics['importances'] {
  const take =
    rows.length > IMPORTANCE_ROWS
      ? shuffle(
          rows.map((_, i) => i),
          random,
        ).slice(0, IMPORTANCE_ROWS)
      : null;
  const sampleRows = take ? take.map((i) => rows[i]!) : rows;
  const sampleActual = take ? take.map((i) => actual[i]!) : actual;
  const probability = artifact.predictionType === 'probability';
  const base = take ? measure(artifact, sampleRows, sampleActual) : figure;
  const losses = artifact.encoder.features.map(({ name }) => {
    const values = shuffle(
      sampleRows.map((row) => row[name] ?? null),
      random,
    );
    const shuffled = sampleRows.map((row, i) => ({ ...row, [name]: values[i]! }));
    const after = measure(artifact, shuffled, sampleActual);
    return Math.max(0, probability ? base - after : after - base);
  });
  const total = losses.reduce((sum, loss) => sum + loss, 0);
  return artifact.encoder.features
    .map(({ name }, k) => ({ feature: name, importance: total > 0 ? losses[k]! / total : 1 / losses.length }))
    .sort((a, b) => b.importance - a.importance);
}

function measure(artifact: Artifact, rows: SourceRow[], actual: number[]): number {
  const scores = scoreRows(artifact, rows);
  return artifact.predictionType === 'probability' ? (auc(scores, actual) ?? 0.5) : regression(scores, actual).rmse;
}
