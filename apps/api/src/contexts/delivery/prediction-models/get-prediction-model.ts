import type { PredictionModelKind } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toPredictionModelDetailDto } from './dto';
import { findModel } from './repository';

/** One version with its calibration bins, and those of the version in use then. */
export async function getPredictionModel(deps: AppDeps, kind: PredictionModelKind, version: number) {
  const row = await findModel(deps.db, kind, version);
  if (!row) throw notFound();
  return toPredictionModelDetailDto(row);
}
