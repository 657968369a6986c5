import type { AdminCampaignsQuery, CampaignsQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { limitOffset, listOfPage } from '../../../core/list';
import { toCampaignListItem } from './dto';
import { type CampaignScope, listCampaigns } from './repository';
import { campaignFactsOf } from './serving-facts';

/**
 * A page of the scope's campaigns with their serving status and counters, in a fixed number of
 * queries whatever the page size. Whether a campaign serves depends on the moment, so the
 * `serving` filter is applied to the scope's matching campaigns as they are now, then paged.
 */
export async function listCampaignsPage(
  deps: AppDeps,
  scope: CampaignScope,
  query: CampaignsQuery | AdminCampaignsQuery,
) {
  const { rows, total } = await listCampaigns(deps.db, scope, query, query.serving === undefined);
  const facts = await campaignFactsOf(deps, rows);
  const items = rows.map((row) => {
    const described = facts.get(row.id);
    if (!described) throw new Error(`campaign ${row.id} not described`);
    return toCampaignListItem(row, described);
  });
  if (query.serving === undefined) return listOfPage(items, query, total);
  const serving = query.serving === 'serving';
  const matching = items.filter((item) => item.servingStatus.serving === serving);
  const { limit, offset } = limitOffset(query);
  return listOfPage(matching.slice(offset, offset + limit), query, matching.length);
}
