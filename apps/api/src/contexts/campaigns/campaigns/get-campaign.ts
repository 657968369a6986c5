import type { CampaignDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type BriefBanner, briefBanners } from '../banners/service';
import { toCampaignDto } from './dto';
import { bannerIdsOf, type CampaignScope, findCampaign } from './repository';
import { campaignFactsOf } from './serving-facts';

/** One campaign in the scope with its banners, counters and serving status, or 404. */
export async function getCampaign(deps: AppDeps, scope: CampaignScope, id: number): Promise<CampaignDto> {
  const row = await findCampaign(deps.db, id, scope);
  if (!row) throw notFound();
  const facts = (await campaignFactsOf(deps, [row])).get(row.id);
  if (!facts) throw new Error(`campaign ${id} not described`);
  return toCampaignDto(row, facts, await bannersOfCampaign(deps, row.id));
}

/** The banners the campaign shows, in id order, as its page lists them (read through the banners module). */
export async function bannersOfCampaign(deps: AppDeps, campaignId: number): Promise<BriefBanner[]> {
  return briefBanners(deps, (await bannerIdsOf(deps.db, [campaignId])).get(campaignId) ?? []);
}
