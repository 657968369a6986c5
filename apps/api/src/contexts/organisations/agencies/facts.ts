import { organisationsWithAcceptedRegulations } from '@rtb/delivery';
import { balancesOf } from '@rtb/ledger';
import type { AppDeps } from '../../../core/deps';
import type { AgencyRow } from '../organisations/agencies-repository';
import { countAdvertisersOf } from '../organisations/agencies-repository';
import { type AgencyFacts, toAgencyDto } from './dto';

/** The facts of a page of agencies: a fixed number of queries, whatever the page size. */
async function agencyFactsOf(deps: AppDeps, ids: number[]): Promise<(id: number) => AgencyFacts> {
  const orgs = { agencyIds: ids, advertiserIds: [] };
  const balances = await balancesOf(deps.db, orgs);
  const accepted = await organisationsWithAcceptedRegulations(deps.db, orgs);
  const advertisers = await countAdvertisersOf(deps.db, ids);
  return (id) => ({
    balance: balances.agencies.get(id) ?? 0,
    hasRegulationAccepted: accepted.agencyIds.has(id),
    advertisersCount: advertisers.get(id) ?? 0,
  });
}

/** Agencies as the API shows them. */
export async function toAgencyDtos(deps: AppDeps, rows: AgencyRow[]) {
  const factsOf = await agencyFactsOf(
    deps,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toAgencyDto(row, factsOf(row.id)));
}

/** One agency as the API shows it. */
export async function toOneAgencyDto(deps: AppDeps, row: AgencyRow) {
  const [dto] = await toAgencyDtos(deps, [row]);
  if (!dto) throw new Error('The agency could not be described.');
  return dto;
}
