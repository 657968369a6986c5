import type { PredictionModelCheck } from '@rtb/shared';
import type { ModelQuality } from './quality';

/**
 * How much worse than the model in use a candidate may score on the same hold-out and still be
 * published: an hour is a small sample, and a candidate that is as good should not be held back
 * by its noise (nor one that is really worse let through).
 */
export interface PublishTolerance {
  /** Relative: log loss scales with the base rate, so a fixed amount would mean nothing. */
  logLoss: number;
  /** Absolute, in AUC points. */
  auc: number;
  /** Sane calibration: mean prediction within this factor of the positive rate, either way. */
  calibrationFactor: number;
}

export const DEFAULT_PUBLISH_TOLERANCE: PublishTolerance = {
  logLoss: 0.01,
  auc: 0.005,
  calibrationFactor: 1.25,
};

/** The checks a candidate can fail, as the admins' page names them. */
export type PublishCheck = PredictionModelCheck;

export interface PublishDecision {
  publish: boolean;
  /** The checks the candidate failed; empty when it is published. */
  failed: PublishCheck[];
}

/**
 * How far a model's mean prediction is off the hold-out's rate, as a log ratio. Without a
 * positive the rate is at most about 3 / n (the rule of three, 95 %): a mean above that is off by
 * its ratio to it (a first model trained on negatives alone must not bid as if clicks were common).
 */
function calibrationOff(quality: ModelQuality): number {
  if (quality.calibrationRatio !== null) return Math.abs(Math.log(quality.calibrationRatio));
  const mostRate = 3 / quality.examples;
  return quality.meanPrediction > mostRate ? Math.log(quality.meanPrediction / mostRate) : 0;
}

/**
 * Whether a candidate version replaces the model in use (`current`, null for the first), both
 * scored on the same hold-out. The candidate must:
 * - have a hold-out to be judged on (a model is never published unseen);
 * - not lose on log loss by more than the tolerance: log loss is what the bids need right, as
 *   they are value x probability;
 * - not lose on AUC by more than the tolerance (ranking: which impressions are worth more), where
 *   the hold-out has both classes;
 * - be sanely calibrated: its mean prediction within the factor of the actual rate (without a
 *   positive, of the most the rate can be), or at least no further off than the model in use (an
 *   odd hour misleads both alike, and must not freeze publishing).
 */
export function shouldPublish(
  candidate: ModelQuality,
  current: ModelQuality | null,
  tolerance: PublishTolerance = DEFAULT_PUBLISH_TOLERANCE,
): PublishDecision {
  if (candidate.examples === 0) return { publish: false, failed: ['empty_holdout'] };
  const failed: PublishCheck[] = [];
  if (current && candidate.logLoss > current.logLoss * (1 + tolerance.logLoss)) failed.push('log_loss');
  if (
    current &&
    candidate.auc !== null &&
    current.auc !== null &&
    candidate.auc < current.auc - tolerance.auc
  )
    failed.push('auc');
  const off = calibrationOff(candidate);
  if (off > Math.log(tolerance.calibrationFactor) && (current === null || off > calibrationOff(current)))
    failed.push('calibration');
  return { publish: failed.length === 0, failed };
}
