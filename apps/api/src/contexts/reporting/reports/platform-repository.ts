import { type Database, statsCampaignHourly, statsHourly } from '@rtb/db';
import { type AnyColumn, and, asc, desc, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';

/** Everything a rollup row counts, valid and invalid traffic apart; money in micro-units (value in minor units). */
export interface PlatformSums {
  impressions: number;
  clicks: number;
  invalidImpressions: number;
  invalidClicks: number;
  spendMicros: number;
  clearingMicros: number;
  marginMicros: number;
  commissionMicros: number;
  clickConversions: number;
  viewConversions: number;
  conversionValueMinor: number;
}

/** UTC days, both included (`YYYY-MM-DD`). */
export interface UtcDays {
  from: string;
  to: string;
}

const sum = (column: AnyColumn) => sql<number>`sum(${column})`.mapWith(Number);
/** A rollup's sums: the detailed one where a report splits by domain, else the campaigns' (a row a campaign's hour). */
type Rollup = typeof statsHourly | typeof statsCampaignHourly;
const platformSumsOf = (t: Rollup) => ({
  impressions: sum(t.impressions),
  clicks: sum(t.clicks),
  invalidImpressions: sum(t.invalidImpressions),
  invalidClicks: sum(t.invalidClicks),
  spendMicros: sum(t.spendMicros),
  clearingMicros: sum(t.clearingMicros),
  marginMicros: sum(t.marginMicros),
  commissionMicros: sum(t.commissionMicros),
  clickConversions: sum(t.clickConversions),
  viewConversions: sum(t.viewConversions),
  conversionValueMinor: sum(t.conversionValueMinor),
});
const platformSums = platformSumsOf(statsHourly);

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

const DAY_MS = 86_400_000;
const startOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The hours of the UTC days: a range of a rollup's `hour` column. */
const withinDays = (days: UtcDays, t: Rollup = statsHourly): SQL | undefined =>
  and(gte(t.hour, startOf(days.from)), lt(t.hour, new Date(startOf(days.to).getTime() + DAY_MS)));

/** A group that counts anything at all (rollup rows of bids alone are left out). */
const deliveredIn = (t: Rollup) => sql`bool_or(${t.impressions} > 0 or ${t.clicks} > 0
  or ${t.invalidImpressions} > 0 or ${t.invalidClicks} > 0 or ${t.spendMicros} > 0
  or ${t.clickConversions} > 0 or ${t.viewConversions} > 0 or ${t.conversionValueMinor} > 0)`;

/**
 * The advertisers with rollup rows in the days: a loose index scan over the campaigns' rollup's
 * (advertiser_id, hour, ...) key, one probe per advertiser, instead of reading every row of the period.
 */
export async function advertisersWithRollups(db: Database, days: UtcDays): Promise<number[]> {
  const from = startOf(days.from);
  const until = new Date(startOf(days.to).getTime() + DAY_MS);
  const result = await db.execute(sql`
    with recursive advertiser as (
      (select advertiser_id as id from stats_campaign_hourly order by advertiser_id limit 1)
      union all
      select (select s.advertiser_id from stats_campaign_hourly s where s.advertiser_id > a.id order by s.advertiser_id limit 1)
      from advertiser a where a.id is not null
    )
    select id from advertiser a
    where a.id is not null and exists (
      select 1 from stats_campaign_hourly s where s.advertiser_id = a.id and s.hour >= ${from} and s.hour < ${until})
    order by id`);
  return rowsOf<{ id: string | number }>(result).map((row) => Number(row.id));
}

/** One UTC day's sums of each advertiser that had delivery, by advertiser id (from the campaigns' rollup). */
export function sumsOfDayByAdvertiser(
  db: Database,
  day: string,
): Promise<(PlatformSums & { advertiserId: number })[]> {
  const t = statsCampaignHourly;
  return db
    .select({ advertiserId: t.advertiserId, ...platformSumsOf(t) })
    .from(t)
    .where(withinDays({ from: day, to: day }, t))
    .groupBy(t.advertiserId)
    .having(deliveredIn(t))
    .orderBy(asc(t.advertiserId));
}

/**
 * The domains with the most valid impressions among these advertisers' (one currency's) in the
 * days, with how many advertisers showed there; '' is traffic without a domain.
 */
export function sumsByDomain(
  db: Database,
  days: UtcDays,
  advertiserIds: number[],
  limit: number,
): Promise<(PlatformSums & { domain: string; advertisers: number })[]> {
  return db
    .select({
      domain: statsHourly.domain,
      advertisers: sql<number>`count(distinct ${statsHourly.advertiserId})`.mapWith(Number),
      ...platformSums,
    })
    .from(statsHourly)
    .where(and(withinDays(days), inArray(statsHourly.advertiserId, advertiserIds)))
    .groupBy(statsHourly.domain)
    .having(deliveredIn(statsHourly))
    .orderBy(desc(platformSums.impressions), desc(platformSums.clicks), asc(statsHourly.domain))
    .limit(limit);
}

/** These advertisers' sums by domain where there was invalid traffic in the days, the most invalid first. */
export function invalidTrafficByDomain(
  db: Database,
  days: UtcDays,
  advertiserIds: number[],
): Promise<(PlatformSums & { advertiserId: number; domain: string })[]> {
  return db
    .select({ advertiserId: statsHourly.advertiserId, domain: statsHourly.domain, ...platformSums })
    .from(statsHourly)
    .where(and(withinDays(days), inArray(statsHourly.advertiserId, advertiserIds)))
    .groupBy(statsHourly.advertiserId, statsHourly.domain)
    .having(sql`sum(${statsHourly.invalidImpressions}) > 0 or sum(${statsHourly.invalidClicks}) > 0`)
    .orderBy(
      asc(statsHourly.advertiserId),
      desc(platformSums.invalidImpressions),
      desc(platformSums.invalidClicks),
      asc(statsHourly.domain),
    );
}
