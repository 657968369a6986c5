import { assertScoredExamples, type ScoredExamples } from './examples';

/** Keeps a confident miss finite: log(1e-15) is about -34.5. */
const EPSILON = 1e-15;

/** Mean negative log-likelihood of the labels under the predictions (lower is better); NaN with no example. */
export function logLoss(examples: ScoredExamples): number {
  assertScoredExamples(examples);
  const { predictions, labels } = examples;
  let sum = 0;
  for (let i = 0; i < predictions.length; i += 1) {
    const p = Math.min(1 - EPSILON, Math.max(EPSILON, predictions[i] ?? 0));
    sum -= labels[i] ? Math.log(p) : Math.log(1 - p);
  }
  return sum / predictions.length;
}
