import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { advertiserIdsOfAgency } from '../../organisations';

/** The advertiser's id when it is the agency's; another agency's (or none) is not found. */
export async function agencyAdvertiserId(
  deps: AppDeps,
  agencyId: number,
  advertiserId: number,
): Promise<number> {
  if (!(await advertiserIdsOfAgency(deps, agencyId)).includes(advertiserId)) throw notFound();
  return advertiserId;
}
