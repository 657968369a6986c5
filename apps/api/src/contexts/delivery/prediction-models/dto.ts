import {
  type ModelFiguresDto,
  type ModelQualityDto,
  type PredictionModelDetailDto,
  type PredictionModelDto,
  toApiDateTime,
} from '@rtb/shared';
import type { PredictionModelRow, StoredQuality } from './repository';

const figuresOf = (quality: StoredQuality): ModelFiguresDto => ({
  examples: quality.examples,
  positives: quality.positives,
  logLoss: quality.logLoss,
  auc: quality.auc,
  calibrationRatio: quality.calibrationRatio,
  expectedCalibrationError: quality.expectedCalibrationError,
});

const qualityOf = (quality: StoredQuality): ModelQualityDto => ({
  ...figuresOf(quality),
  calibrationBins: quality.calibrationBins.map((bin) => ({
    examples: bin.examples,
    meanPrediction: bin.meanPrediction,
    positiveRate: bin.positiveRate,
  })),
});

export function toPredictionModelDto(row: PredictionModelRow): PredictionModelDto {
  return {
    kind: row.kind,
    version: row.version,
    status: row.status,
    inUse: row.inUse,
    refusedChecks: row.refusedChecks,
    bits: row.bits,
    nonZeroWeights: row.nonZeroWeights,
    trainedExamples: row.trainedExamples,
    trainedThrough: toApiDateTime(row.trainedThrough),
    holdoutFrom: toApiDateTime(row.holdoutFrom),
    holdoutTo: toApiDateTime(row.holdoutTo),
    quality: figuresOf(row.quality),
    currentQuality: row.currentQuality && figuresOf(row.currentQuality),
    createdAt: toApiDateTime(row.createdAt),
  };
}

export function toPredictionModelDetailDto(row: PredictionModelRow): PredictionModelDetailDto {
  return {
    ...toPredictionModelDto(row),
    quality: qualityOf(row.quality),
    currentQuality: row.currentQuality && qualityOf(row.currentQuality),
  };
}
