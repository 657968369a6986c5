import { z } from 'zod';
import { apiDateTime, envelope, listOf, pageQuery } from './common';

/** What a model predicts: a click of an impression, or a conversion of a click. */
export const predictionModelKinds = ['click', 'conversion'] as const;
export type PredictionModelKind = (typeof predictionModelKinds)[number];

/** `published`: the bidders score with the newest one; `refused`: it failed a check. */
export const predictionModelStatuses = ['published', 'refused'] as const;
export type PredictionModelStatus = (typeof predictionModelStatuses)[number];

/**
 * The checks a version fails against the one in use, both scored on the same hold-out
 * (packages/rtb's `shouldPublish`): no hold-out to judge it on, a worse log loss, a worse AUC,
 * a mean prediction too far from the actual rate.
 */
export const predictionModelChecks = ['empty_holdout', 'log_loss', 'auc', 'calibration'] as const;
export type PredictionModelCheck = (typeof predictionModelChecks)[number];

/** A slice of the hold-out by prediction (equal counts): what the model said on average, what happened. */
export const calibrationBinDto = z.object({
  examples: z.number().int(),
  meanPrediction: z.number(),
  positiveRate: z.number(),
});
export type CalibrationBinDto = z.infer<typeof calibrationBinDto>;

/** How a version did on its hold-out (packages/rtb's `ModelQuality` without its bins). */
export const modelFiguresDto = z.object({
  examples: z.number().int(),
  positives: z.number().int(),
  /** Null without an example. */
  logLoss: z.number().nullable(),
  /** Null without both a positive and a negative. */
  auc: z.number().nullable(),
  /** Mean prediction over the positive rate (1 is calibrated); null without a positive. */
  calibrationRatio: z.number().nullable(),
  expectedCalibrationError: z.number(),
});
export type ModelFiguresDto = z.infer<typeof modelFiguresDto>;

/** The figures and the calibration bins. */
export const modelQualityDto = modelFiguresDto.extend({ calibrationBins: z.array(calibrationBinDto) });
export type ModelQualityDto = z.infer<typeof modelQualityDto>;

/** One version of a model, as the admins' page lists it. */
export const predictionModelDto = z.object({
  kind: z.enum(predictionModelKinds),
  version: z.number().int(),
  status: z.enum(predictionModelStatuses),
  /** The newest published version of its kind: the one the bidders score with. */
  inUse: z.boolean(),
  refusedChecks: z.array(z.enum(predictionModelChecks)),
  /** The model has 2^bits weights, of which `nonZeroWeights` are not zero. */
  bits: z.number().int(),
  nonZeroWeights: z.number().int(),
  /** Examples learned from, in all versions up to this one. */
  trainedExamples: z.number().int(),
  /** Examples up to this time were learned from. */
  trainedThrough: apiDateTime,
  holdoutFrom: apiDateTime,
  holdoutTo: apiDateTime,
  quality: modelFiguresDto,
  /** The version in use then, on the same hold-out; null for the first. */
  currentQuality: modelFiguresDto.nullable(),
  createdAt: apiDateTime,
});
export type PredictionModelDto = z.infer<typeof predictionModelDto>;

/** One version with its calibration bins (and those of the version in use then). */
export const predictionModelDetailDto = predictionModelDto.extend({
  quality: modelQualityDto,
  currentQuality: modelQualityDto.nullable(),
});
export type PredictionModelDetailDto = z.infer<typeof predictionModelDetailDto>;

/** `GET /api/admin/prediction-models`: newest first, optionally of one kind or status. */
export const predictionModelsQuery = pageQuery.extend({
  kind: z.enum(predictionModelKinds).optional(),
  status: z.enum(predictionModelStatuses).optional(),
});
export type PredictionModelsQuery = z.infer<typeof predictionModelsQuery>;

/** `GET /api/admin/prediction-models/:kind/:version`. */
export const predictionModelParams = z.object({
  kind: z.enum(predictionModelKinds),
  /** A PostgreSQL integer. */
  version: z.coerce.number().int().positive().max(2_147_483_647),
});

export const predictionModelsResponse = envelope({ models: listOf(predictionModelDto) });
export const predictionModelResponse = envelope({ model: predictionModelDetailDto });
