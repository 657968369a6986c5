import type { PredictionModelsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toPredictionModelDto } from './dto';
import { listModels } from './repository';

/** The versions the trainer made, newest first (optionally of one kind or status), with their figures. */
export async function listPredictionModels(deps: AppDeps, query: PredictionModelsQuery) {
  const { rows, total } = await listModels(deps.db, query);
  return listOfPage(rows.map(toPredictionModelDto), query, total);
}
