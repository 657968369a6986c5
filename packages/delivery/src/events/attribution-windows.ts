import { campaigns, type Database } from '@rtb/db';
import { inArray } from 'drizzle-orm';

/** A campaign's attribution windows (DESIGN.md section 6), in days. */
export interface AttributionWindows {
  clickWindowDays: number;
  viewWindowDays: number;
}

/** The attribution windows of those of these campaigns that exist, by campaign id. */
export async function attributionWindows(
  db: Database,
  campaignIds: number[],
): Promise<Map<number, AttributionWindows>> {
  if (!campaignIds.length) return new Map();
  const rows = await db
    .select({
      id: campaigns.id,
      clickWindowDays: campaigns.clickWindowDays,
      viewWindowDays: campaigns.viewWindowDays,
    })
    .from(campaigns)
    .where(inArray(campaigns.id, [...new Set(campaignIds)]));
  return new Map(rows.map(({ id, ...windows }) => [id, windows]));
}
