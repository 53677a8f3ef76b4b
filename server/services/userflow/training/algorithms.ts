/**
 * The two algorithms tried per prediction type (issue 24 §3), each trained and applied through a maintained library:
 * a linear model (ml-logistic-regression; a least-squares fit with ml-matrix for values) and a tree ensemble
 * (ml-random-forest). Each trained model is plain JSON (the libraries' toJSON) so a version's artifact loads back
 * for scoring. Features arrive encoded and standardised (encode.ts); the linear models get an intercept column here.
 */
import LogisticRegression from 'ml-logistic-regression';
import { Matrix, solve } from 'ml-matrix';
import { RandomForestClassifier, RandomForestRegression } from 'ml-random-forest';
import { USERFLOW_LIMITS, type Algorithm } from '../../../../shared/userflow.ts';
import { sampleIndexes, type Random } from './random.ts';

/**
 * Rows each forest is grown from. ml-cart (under ml-random-forest) tries every split point of every feature with a
 * full pass over the node's rows, so a tree costs the square of its rows: the forest learns from a random sample of
 * this size (its trees bag from it), which keeps a forest within the training time budget.
 */
export const FOREST_ROWS = 800;
/** Rows the logistic regression fits on (gradient steps over all of them each step), sampled at random. */
export const LINEAR_ROWS = 20_000;
const LOGISTIC_STEPS = 300;

export interface Trained {
  algorithm: Algorithm;
  /** The library's JSON of the trained model. */
  model: Record<string, unknown>;
}

function withIntercept(rows: number[][]): Matrix {
  return new Matrix(rows.map((row) => [1, ...row]));
}

function pick<T>(items: T[], indexes: number[]): T[] {
  return indexes.map((i) => items[i]!);
}

/**
 * Logistic regression by gradient steps. The library sums the gradient over rows, so its step is divided by the rows
 * to move by the mean gradient (standardised features make a step of about one stable).
 */
export function trainLogistic(X: number[][], y: number[], random: Random): Trained {
  const indexes = sampleIndexes(X.length, LINEAR_ROWS, random);
  const model = new LogisticRegression({ numSteps: LOGISTIC_STEPS, learningRate: 1 / indexes.length });
  model.train(withIntercept(pick(X, indexes)), Matrix.columnVector(pick(y, indexes)));
  return { algorithm: 'logistic_regression', model: JSON.parse(JSON.stringify(model.toJSON())) };
}

/** Least squares (QR) with an intercept; a tiny ridge row per feature keeps a constant column from breaking it. */
export function trainLinear(X: number[][], y: number[]): Trained {
  const width = (X[0]?.length ?? 0) + 1;
  const ridge = Array.from({ length: width }, (_, k) =>
    Array.from({ length: width }, (_, j) => (j === k && k > 0 ? 1e-3 : 0)),
  );
  const coefficients = solve(
    new Matrix([...X.map((row) => [1, ...row]), ...ridge]),
    Matrix.columnVector([...y, ...ridge.map(() => 0)]),
  );
  return { algorithm: 'linear_regression', model: { coefficients: coefficients.to1DArray() } };
}

const forestOptions = (seed: number, trees: number) => ({
  nEstimators: trees,
  maxFeatures: 0.7,
  replacement: false,
  useSampleBagging: true,
  noOOB: true,
  seed,
  treeOptions: { maxDepth: USERFLOW_LIMITS.forestMaxDepth, minNumSamples: 5 },
});

export function trainForest(
  kind: 'probability' | 'value',
  X: number[][],
  y: number[],
  random: Random,
  trees: number = USERFLOW_LIMITS.forestTrees,
): Trained {
  const indexes = sampleIndexes(X.length, FOREST_ROWS, random);
  const seed = Math.floor(random() * 2 ** 31);
  const forest =
    kind === 'probability'
      ? new RandomForestClassifier(forestOptions(seed, trees))
      : new RandomForestRegression({ ...forestOptions(seed, trees), selectionMethod: 'mean' });
  forest.train(pick(X, indexes), pick(y, indexes));
  return {
    algorithm: kind === 'probability' ? 'random_forest' : 'random_forest_regression',
    model: JSON.parse(JSON.stringify(forest.toJSON())) as Record<string, unknown>,
  };
}

export type Predictor = (X: number[][]) => number[];

/** Loads a trained model back into a function from encoded rows to raw scores (before any prior correction). */
export function predictor(trained: Trained): Predictor {
  switch (trained.algorithm) {
    case 'logistic_regression': {
      // The library's load writes the loaded classifiers into the JSON it is given: it gets a copy.
      const model = LogisticRegression.load(structuredClone(trained.model));
      // One-vs-all: the first classifier scores "not class 0", which is the probability of "yes".
      return (X) => (X.length ? model.classifiers[0]!.testScores(withIntercept(X)) : []);
    }
    case 'linear_regression': {
      const coefficients = trained.model.coefficients as number[];
      return (X) => X.map((row) => row.reduce((sum, value, k) => sum + value * coefficients[k + 1]!, coefficients[0]!));
    }
    case 'random_forest': {
      const forest = RandomForestClassifier.load(structuredClone(trained.model) as never);
      // The share of trees voting "yes" (the library's predictProbability miscounts its first tree).
      return (X) => {
        if (!X.length) return [];
        const votes = forest.predictionValues(X);
        return Array.from({ length: votes.rows }, (_, i) => {
          const row = votes.getRow(i);
          return row.filter((vote) => vote === 1).length / row.length;
        });
      };
    }
    case 'random_forest_regression': {
      const forest = RandomForestRegression.load(structuredClone(trained.model) as never);
      return (X) => (X.length ? forest.predict(X) : []);
    }
  }
}
