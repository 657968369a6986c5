import { organisationsWithAcceptedRegulations } from '@rtb/delivery';
import { balancesOf } from '@rtb/ledger';
import type { AppDeps } from '../../../core/deps';
import type { AdvertiserRow } from '../organisations/advertisers-repository';
import { toAdvertiserDto } from './dto';

/** Advertisers as the API shows them: a fixed number of queries, whatever the page size. */
export async function toAdvertiserDtos(deps: AppDeps, rows: AdvertiserRow[]) {
  const orgs = { agencyIds: [], advertiserIds: rows.map((row) => row.id) };
  const balances = await balancesOf(deps.db, orgs);
  const accepted = await organisationsWithAcceptedRegulations(deps.db, orgs);
  return rows.map((row) =>
    toAdvertiserDto(row, {
      ...(balances.advertisers.get(row.id) ?? { balance: 0, balanceAgency: 0 }),
      hasRegulationAccepted: accepted.advertiserIds.has(row.id),
    }),
  );
}

/** One advertiser as the API shows it. */
export async function toOneAdvertiserDto(deps: AppDeps, row: AdvertiserRow) {
  const [dto] = await toAdvertiserDtos(deps, [row]);
  if (!dto) throw new Error('The advertiser could not be described.');
  return dto;
}
