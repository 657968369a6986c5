import type { OrganisationRef } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import './ports';

/** A line that may be a campaign's spend: the advertiser that spent and the campaign's id. */
interface SpendLine {
  spenderId: number | null;
  campaignId: string | number | null;
}

/**
 * How the campaigns of these lines are named: `{id, name}`, or `#id` for one the campaigns
 * context no longer knows; null on a line without a campaign. One lookup for all the lines.
 */
export async function campaignNamer(
  deps: AppDeps,
  lines: readonly SpendLine[],
): Promise<(line: SpendLine) => OrganisationRef | null> {
  const ids = new Set<number>();
  const advertiserIds = new Set<number>();
  for (const line of lines)
    if (line.campaignId !== null && line.spenderId !== null) {
      ids.add(Number(line.campaignId));
      advertiserIds.add(line.spenderId);
    }
  const names = new Map<number, string>();
  if (ids.size)
    for (const campaign of await deps.moneyCampaigns.names(deps, [...advertiserIds], [...ids]))
      names.set(campaign.id, campaign.name);
  return (line) => {
    if (line.campaignId === null) return null;
    const id = Number(line.campaignId);
    return { id, name: names.get(id) ?? `#${id}` };
  };
}
