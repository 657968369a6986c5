import type { AudiencesQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toAudienceDto } from './dto';
import { listAudiences } from './repository';

/** A page of the advertiser's audiences (search by name), newest first, each with its size now. */
export async function listAudiencesPage(deps: AppDeps, advertiserId: number, query: AudiencesQuery) {
  const { rows, total } = await listAudiences(deps.db, advertiserId, query, new Date());
  return listOfPage(rows.map(toAudienceDto), query, total);
}
