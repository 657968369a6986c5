import { type Database, statsHourly } from '@rtb/db';
import { and, eq, gte, sql } from 'drizzle-orm';

/** Whether the advertiser had impressions in an hour starting at `since` or later. */
export async function impressionsSince(db: Database, advertiserId: number, since: Date): Promise<boolean> {
  const [row] = await db
    .select({ hour: statsHourly.hour })
    .from(statsHourly)
    .where(
      and(
        eq(statsHourly.advertiserId, advertiserId),
        gte(statsHourly.hour, since),
        sql`${statsHourly.impressions} > 0`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
