import type { CampaignDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { previewUrlOf } from './dto';
import { type BannerScope, findBannersBriefly } from './repository';

/** A banner as another module lists it (a campaign's page): what it is, its status, its preview. */
export type BriefBanner = CampaignDto['banners'][number];

/**
 * The banners of these ids the scope reaches, in id order, in one query (an advertiser's scope
 * leaves out another's, as if they did not exist): the campaigns module's way to its banners.
 */
export async function briefBanners(
  deps: AppDeps,
  ids: number[],
  scope: BannerScope = {},
): Promise<BriefBanner[]> {
  const rows = await findBannersBriefly(deps.db, ids, scope);
  return rows.map(({ assetKey, assetEntry, ...banner }) => ({
    ...banner,
    previewUrl: previewUrlOf({ assetKey, assetEntry }),
  }));
}
