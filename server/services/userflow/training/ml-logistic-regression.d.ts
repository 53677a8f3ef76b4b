/** Types of ml-logistic-regression 2.0 (the package ships none): the parts training uses. */
declare module 'ml-logistic-regression' {
  import type { Matrix } from 'ml-matrix';

  interface TwoClasses {
    testScores(features: Matrix): number[];
  }

  export default class LogisticRegression {
    constructor(options?: { numSteps?: number; learningRate?: number });
    classifiers: TwoClasses[];
    train(features: Matrix, target: Matrix): void;
    predict(features: Matrix): number[];
    toJSON(): Record<string, unknown>;
    static load(model: Record<string, unknown>): LogisticRegression;
  }
}
