import type { ImpressionPredictions } from '../goals/goal';
import { FEATURE_COUNT, featureIndices, type ImpressionFeatures } from './features';
import { type ModelSnapshot, predictProbability } from './snapshot';

/** The click and conversion models in use; null where none is published yet. */
export interface PublishedModels {
  click: ModelSnapshot | null;
  /** pCVR: trained on clicks, what a click's chance of a conversion is. */
  conversion: ModelSnapshot | null;
}

export const NO_MODELS: PublishedModels = Object.freeze({ click: null, conversion: null });

/** What the models made of one impression, with the versions that said it (null: no model). */
export interface ImpressionScores {
  clickProbability: number | null;
  conversionProbability: number | null;
  clickVersion: number | null;
  conversionVersion: number | null;
}

function scoreWith(model: ModelSnapshot | null, features: ImpressionFeatures, scratch: Int32Array) {
  return model === null ? null : predictProbability(model, featureIndices(features, model.bits, scratch));
}

/**
 * The models' probabilities of the impression (`scratch`: one array of `FEATURE_COUNT` per
 * bidder, so scoring allocates nothing but the answer).
 */
export function scoreImpression(
  models: PublishedModels,
  features: ImpressionFeatures,
  scratch: Int32Array = new Int32Array(FEATURE_COUNT),
): ImpressionScores {
  return {
    clickProbability: scoreWith(models.click, features, scratch),
    conversionProbability: scoreWith(models.conversion, features, scratch),
    clickVersion: models.click?.version ?? null,
    conversionVersion: models.conversion?.version ?? null,
  };
}

/** The predictions a goal prices with: the models' where they have one, else the campaign's priors. */
export const predictionsOf = (
  scores: ImpressionScores,
  priors: ImpressionPredictions,
): ImpressionPredictions => ({
  clickProbability: scores.clickProbability ?? priors.clickProbability,
  conversionProbability: scores.conversionProbability ?? priors.conversionProbability,
  orderValueMicros: priors.orderValueMicros,
});
