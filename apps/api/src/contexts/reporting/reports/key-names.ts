import type { CampaignStatus } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { briefBanners, campaignNames } from '../../campaigns';
import { advertisersByIds } from '../../organisations';
import { productTitles } from '../../shop';
import type { ReportKey } from './repository';

export interface KeyName {
  name: string;
  campaignStatus: CampaignStatus | null;
  /** Whose campaign, creative or self it is. */
  advertiserId: number;
}

/**
 * The names of the advertisers', campaigns', creatives' or products' keys (ids as text) of these
 * advertisers (a product's is its title); other keys have none (a country, a device type and a
 * domain are their own labels). Rollup rows name their own advertiser's campaigns, banners and
 * products, which are archived or marked removed, never deleted.
 */
export async function keyNames(
  deps: AppDeps,
  advertiserIds: readonly number[],
  key: ReportKey | null,
  keys: (string | null)[],
): Promise<Map<string, KeyName>> {
  const ids = [...new Set(keys.flatMap((k) => (k === null ? [] : [Number(k)])))];
  if (!ids.length) return new Map();
  switch (key) {
    case 'advertiser': {
      const reached = new Set(advertiserIds);
      return new Map(
        (await advertisersByIds(deps, ids))
          .filter((a) => reached.has(a.id))
          .map((a) => [String(a.id), { name: a.name, campaignStatus: null, advertiserId: a.id }]),
      );
    }
    case 'campaign':
      return new Map(
        (await campaignNames(deps, advertiserIds, ids)).map((c) => [
          String(c.id),
          { name: c.name, campaignStatus: c.status, advertiserId: c.advertiserId },
        ]),
      );
    case 'creative': {
      // One advertiser's report names creatives; the agency's does not split by them.
      const [advertiserId] = advertiserIds;
      if (advertiserIds.length !== 1 || advertiserId === undefined) return new Map();
      return new Map(
        (await briefBanners(deps, ids, { advertiserId })).map((b) => [
          String(b.id),
          { name: b.name, campaignStatus: null, advertiserId },
        ]),
      );
    }
    case 'product': {
      // One advertiser's report splits by product; the agency's does not.
      const [advertiserId] = advertiserIds;
      if (advertiserIds.length !== 1 || advertiserId === undefined) return new Map();
      return new Map(
        [...(await productTitles(deps, advertiserId, ids))].map(([key, { title }]) => [
          String(key),
          { name: title, campaignStatus: null, advertiserId },
        ]),
      );
    }
    default:
      return new Map();
  }
}
