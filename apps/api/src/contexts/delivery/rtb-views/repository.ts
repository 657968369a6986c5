import { type Database, statsCampaignHourly } from '@rtb/db';
import { and, gte, inArray, sql } from 'drizzle-orm';

/** Which of these advertisers had impressions in an hour starting at `since` or later. */
export async function advertisersWithImpressionsSince(
  db: Database,
  advertiserIds: readonly number[],
  since: Date,
): Promise<Set<number>> {
  if (!advertiserIds.length) return new Set();
  const rows = await db
    .selectDistinct({ advertiserId: statsCampaignHourly.advertiserId })
    .from(statsCampaignHourly)
    .where(
      and(
        inArray(statsCampaignHourly.advertiserId, [...advertiserIds]),
        gte(statsCampaignHourly.hour, since),
        sql`${statsCampaignHourly.impressions} > 0`,
      ),
    );
  return new Set(rows.map((row) => row.advertiserId));
}
