import { type Database, statsHourly } from '@rtb/db';
import { and, desc, eq, gte, sql } from 'drizzle-orm';

/** The valid delivery a report adds up (invalid traffic has columns of its own, left out). */
export interface MetricSums {
  bids: number;
  wins: number;
  impressions: number;
  clicks: number;
  spendMicros: number;
  clickConversions: number;
  viewConversions: number;
  conversionValueMinor: number;
}

/** The advertiser's rows of a period of its own days (`YYYY-MM-DD`, both included). */
export interface ReportScope {
  advertiserId: number;
  timeZone: string;
  from: string;
  to: string;
  campaignId?: number;
}

const sums = {
  bids: sql<number>`sum(${statsHourly.bids})`.mapWith(Number),
  wins: sql<number>`sum(${statsHourly.wins})`.mapWith(Number),
  impressions: sql<number>`sum(${statsHourly.impressions})`.mapWith(Number),
  clicks: sql<number>`sum(${statsHourly.clicks})`.mapWith(Number),
  spendMicros: sql<number>`sum(${statsHourly.spendMicros})`.mapWith(Number),
  clickConversions: sql<number>`sum(${statsHourly.clickConversions})`.mapWith(Number),
  viewConversions: sql<number>`sum(${statsHourly.viewConversions})`.mapWith(Number),
  conversionValueMinor: sql<number>`sum(${statsHourly.conversionValueMinor})`.mapWith(Number),
};

/**
 * The period's UTC hours: from the local midnight starting `from` to the one ending `to`, so
 * that the advertiser's index (advertiser, hour) answers it.
 */
const inScope = (scope: ReportScope) =>
  and(
    eq(statsHourly.advertiserId, scope.advertiserId),
    sql`${statsHourly.hour} >= (${scope.from}::date::timestamp at time zone ${scope.timeZone})`,
    sql`${statsHourly.hour} < ((${scope.to}::date + 1)::timestamp at time zone ${scope.timeZone})`,
    scope.campaignId === undefined ? undefined : eq(statsHourly.campaignId, scope.campaignId),
  );

/** The sums of each day (of the advertiser's time zone) that had delivery, oldest first. */
export function metricsByDay(db: Database, scope: ReportScope): Promise<(MetricSums & { day: string })[]> {
  return (
    db
      .select({
        day: sql<string>`to_char(${statsHourly.hour} at time zone ${scope.timeZone}, 'YYYY-MM-DD')`,
        ...sums,
      })
      .from(statsHourly)
      .where(inScope(scope))
      // By position: the day's expression carries a parameter, which a repeated one would not match.
      .groupBy(sql`1`)
      .orderBy(sql`1`)
  );
}

/** The sums of each campaign that bid or delivered in the period, the largest spend first. */
export function metricsByCampaign(
  db: Database,
  scope: ReportScope,
): Promise<(MetricSums & { campaignId: number })[]> {
  return db
    .select({ campaignId: statsHourly.campaignId, ...sums })
    .from(statsHourly)
    .where(inScope(scope))
    .groupBy(statsHourly.campaignId)
    .having(
      sql`bool_or(${statsHourly.bids} > 0 or ${statsHourly.wins} > 0 or ${statsHourly.impressions} > 0 or ${statsHourly.clicks} > 0 or ${statsHourly.spendMicros} > 0
        or ${statsHourly.clickConversions} > 0 or ${statsHourly.viewConversions} > 0
        or ${statsHourly.conversionValueMinor} > 0)`,
    )
    .orderBy(desc(sums.spendMicros), desc(sums.impressions), statsHourly.campaignId);
}

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
