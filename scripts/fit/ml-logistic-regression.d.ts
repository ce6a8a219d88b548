// ml-logistic-regression ships no types: what scripts/fit/ uses of it.
declare module "ml-logistic-regression" {
  import type { Matrix } from "ml-matrix";

  export default class LogisticRegression {
    constructor(options?: { numSteps?: number; learningRate?: number });
    /** One model per class, each against the rest. */
    classifiers: { weights: Matrix; testScores(x: Matrix): number[] }[];
    train(x: Matrix, y: Matrix): void;
    predict(x: Matrix): number[];
  }
}
