import type { LogRegulationsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toLogRegulation } from './dto';
import { listLogRegulations } from './repository';

/** Acceptances, newest first: who accepted which version for which organisation. */
export async function listLogRegulationsPage(deps: AppDeps, query: LogRegulationsQuery) {
  const { rows, total } = await listLogRegulations(deps.db, query);
  return listOfPage(rows.map(toLogRegulation), query, total);
}
