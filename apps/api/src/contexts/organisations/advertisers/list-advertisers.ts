import type { AdvertisersQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { listAdvertisers } from '../organisations/advertisers-repository';
import { toAdvertiserDtos } from './facts';

/** The Advertisers list: search by name, code, external id or website; filter by agency and status. */
export async function listAdvertisersPage(deps: AppDeps, query: AdvertisersQuery) {
  const { rows, total } = await listAdvertisers(deps.db, query);
  return listOfPage(await toAdvertiserDtos(deps, rows), query, total);
}
