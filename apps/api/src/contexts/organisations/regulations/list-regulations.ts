import type { RegulationsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toRegulationListItem } from './dto';
import { listRegulations } from './repository';

/** The versions of every type: filter by type and status, search the texts, sort and page. */
export async function listRegulationsPage(deps: AppDeps, query: RegulationsQuery) {
  const { rows, total } = await listRegulations(deps.db, query);
  return listOfPage(rows.map(toRegulationListItem), query, total);
}
