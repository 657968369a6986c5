import type { Database } from '@rtb/db';
import type { AudienceInput } from '@rtb/rtb';
import { audiencesByIds } from './audiences-repository';

interface AudienceIds {
  advertiserId: number;
  audienceIncludeIds: readonly number[];
  audienceExcludeIds: readonly number[];
}

/**
 * The audiences campaigns name, for the delivery snapshot, each campaign's in one query: `include`
 * null when it names none (anyone). An audience deleted since, or another advertiser's (the
 * campaign form refuses those, this makes sure), is left out, so it never matches: a campaign
 * whose every included audience is gone reaches no one, and an excluded one that is gone
 * excludes no one.
 */
export async function campaignAudiences(
  db: Database,
  campaigns: readonly AudienceIds[],
): Promise<{ include: AudienceInput[] | null; exclude: AudienceInput[] }[]> {
  const ids = new Set(campaigns.flatMap((c) => [...c.audienceIncludeIds, ...c.audienceExcludeIds]));
  const found = await audiencesByIds(db, [...ids]);
  return campaigns.map((campaign) => {
    const own = (list: readonly number[]) =>
      list.flatMap((id) => {
        const audience = found.get(id);
        if (!audience || audience.advertiserId !== campaign.advertiserId) return [];
        const { advertiserId: _, ...input } = audience;
        return [input];
      });
    return {
      include: campaign.audienceIncludeIds.length ? own(campaign.audienceIncludeIds) : null,
      exclude: own(campaign.audienceExcludeIds),
    };
  });
}
