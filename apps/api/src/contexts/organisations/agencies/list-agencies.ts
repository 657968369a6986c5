import type { AgenciesQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { listAgencies } from '../organisations/agencies-repository';
import { toAgencyDtos } from './facts';

/** The Agencies list: search by name, tax id or e-mail; filter by status, country, currency. */
export async function listAgenciesPage(deps: AppDeps, query: AgenciesQuery) {
  const { rows, total } = await listAgencies(deps.db, query);
  return listOfPage(await toAgencyDtos(deps, rows), query, total);
}
