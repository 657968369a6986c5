import { audiences, type Database } from '@rtb/db';
import type { AudienceInput } from '@rtb/rtb';
import { inArray } from 'drizzle-orm';

/*
 * The audiences campaigns name, for the delivery snapshot. The audiences module owns the table;
 * its service is being written on another branch, so this one read lives here until the lead
 * moves it there at merge (`audiencesByIds`).
 */

/** The audiences with these ids, by id: what the bidder checks a visitor against. */
async function audiencesByIds(
  db: Database,
  ids: readonly number[],
): Promise<Map<number, AudienceInput & { advertiserId: number }>> {
  if (!ids.length) return new Map();
  const rows = await db
    .select({
      id: audiences.id,
      advertiserId: audiences.advertiserId,
      rule: audiences.rule,
      productType: audiences.productType,
      lookbackDays: audiences.lookbackDays,
    })
    .from(audiences)
    .where(inArray(audiences.id, [...ids]));
  return new Map(rows.map((row) => [row.id, row]));
}

interface AudienceIds {
  advertiserId: number;
  audienceIncludeIds: readonly number[];
  audienceExcludeIds: readonly number[];
}

/**
 * Each campaign's audiences in one query: `include` null when it names none (anyone); an
 * audience deleted since, or another advertiser's (the campaign form refuses those, this makes
 * sure), is left out, so it never matches: a campaign whose every included audience is gone
 * reaches no one, and an excluded one that is gone excludes no one.
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
