import type { CampaignStatus } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { briefBanners } from '../banners/service';
import { campaignNames } from '../campaigns/service';
import type { ReportKey } from './repository';

export interface KeyName {
  name: string;
  campaignStatus: CampaignStatus | null;
}

/**
 * The names of an advertiser's campaign or creative keys (ids as text); other keys have none
 * (a country, a device type and a domain are their own labels). Rollup rows name their own
 * advertiser's campaigns and banners, which are archived, never deleted.
 */
export async function keyNames(
  deps: AppDeps,
  advertiserId: number,
  key: ReportKey | null,
  keys: (string | null)[],
): Promise<Map<string, KeyName>> {
  const ids = [...new Set(keys.flatMap((k) => (k === null ? [] : [Number(k)])))];
  if (key === 'campaign')
    return new Map(
      (await campaignNames(deps, advertiserId, ids)).map((c) => [
        String(c.id),
        { name: c.name, campaignStatus: c.status },
      ]),
    );
  if (key === 'creative')
    return new Map(
      (await briefBanners(deps, ids, { advertiserId })).map((b) => [
        String(b.id),
        { name: b.name, campaignStatus: null },
      ]),
    );
  return new Map();
}
