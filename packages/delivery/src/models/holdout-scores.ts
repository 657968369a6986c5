import type { Database, PredictionModelKind } from '@rtb/db';
import {
  FEATURE_COUNT,
  featureIndices,
  type ModelSnapshot,
  predictProbability,
  type ScoredExamples,
} from '@rtb/rtb';
import { type ExampleLimits, examplePages } from './example-pages';

/** The candidate's and the model in use's predictions of one hold-out (null: none in use). */
export interface HoldoutScores {
  candidate: ScoredExamples;
  current: ScoredExamples | null;
}

/**
 * Both models' predictions of the examples of [from, to) and what happened, the first `max` of
 * them in their order: each model hashes the features with its own bits, so a version made with
 * other `MODEL_BITS` is judged as the bidders score with it.
 */
export async function scoreHoldout(
  db: Database,
  kind: PredictionModelKind,
  holdout: { from: Date; to: Date },
  models: { candidate: ModelSnapshot; current: ModelSnapshot | null },
  limits: ExampleLimits,
): Promise<HoldoutScores> {
  const { candidate, current } = models;
  const labels: number[] = [];
  const candidatePredictions: number[] = [];
  const currentPredictions: number[] = [];
  const scratch = new Int32Array(FEATURE_COUNT);
  for await (const page of examplePages(db, kind, { ...holdout, after: null }, limits))
    for (const { features, positive } of page.examples) {
      labels.push(positive ? 1 : 0);
      candidatePredictions.push(
        predictProbability(candidate, featureIndices(features, candidate.bits, scratch)),
      );
      if (current)
        currentPredictions.push(predictProbability(current, featureIndices(features, current.bits, scratch)));
    }
  return {
    candidate: { predictions: candidatePredictions, labels },
    current: current ? { predictions: currentPredictions, labels } : null,
  };
}
