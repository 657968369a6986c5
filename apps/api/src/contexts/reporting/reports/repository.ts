import { type Database, selectRows, statsCampaignDaily } from '@rtb/db';
import type { ReportTimeGrouping } from '@rtb/shared';
import { type SQL, sql } from 'drizzle-orm';

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
  pixelConversions: number;
  tagConversions: number;
  postbackConversions: number;
  /** The models' predictions of the impressions, in millionths of a click or conversion. */
  predictedClicksMicro: number;
  predictedConversionsMicro: number;
  /** Shaded first-price impressions: what they cleared at and their full bids (media). */
  shadedClearingMicros: number;
  unshadedMicros: number;
}

/** What the agency's report adds: the commission its advertisers' spend earned it. */
export interface AgencySums extends MetricSums {
  commissionMicros: number;
}

/** An advertiser a report covers: its days count in its time zone, its money in its currency. */
export interface ScopeAdvertiser {
  id: number;
  timeZone: string;
  currency: string;
  currencyMinorUnits: number;
}

/** The advertisers' rows of a period of their own days (`YYYY-MM-DD`, both included). */
export interface ReportScope {
  advertisers: ScopeAdvertiser[];
  from: string;
  to: string;
  campaignId?: number;
}

/** What a report's rows split by besides time: a rollup column. */
export type ReportKey =
  | 'advertiser'
  | 'campaign'
  | 'creative'
  | 'country'
  | 'deviceType'
  | 'domain'
  | 'product';

/** How rows are ordered: a figure (by its formula), the time bucket, the key, or the key's name. */
export type ReportOrder =
  | { by: 'period' | 'key'; direction: 'asc' | 'desc' }
  | { by: 'name'; direction: 'asc' | 'desc'; names: Map<string, string> }
  | { by: 'metric'; metric: string; direction: 'asc' | 'desc' };

export interface ReportGrouping {
  time: ReportTimeGrouping;
  key: ReportKey | null;
}

/** A group's sums: its time bucket, its key and its advertiser's currency where it has them. */
export interface GroupSums extends AgencySums {
  period: string | null;
  key: string | null;
  currency: string;
}

const sumColumns = {
  bids: 'bids',
  wins: 'wins',
  impressions: 'impressions',
  clicks: 'clicks',
  spendMicros: 'spend_micros',
  clickConversions: 'click_conversions',
  viewConversions: 'view_conversions',
  conversionValueMinor: 'conversion_value_minor',
  pixelConversions: 'pixel_conversions',
  tagConversions: 'tag_conversions',
  postbackConversions: 'postback_conversions',
  predictedClicksMicro: 'predicted_clicks_micro',
  predictedConversionsMicro: 'predicted_conversions_micro',
  shadedClearingMicros: 'shaded_clearing_micros',
  unshadedMicros: 'unshaded_micros',
  commissionMicros: 'commission_micros',
} as const satisfies Record<keyof AgencySums, string>;

const sum = (column: string) => sql`sum(s.${sql.identifier(column)})`;

/** Each figure's formula over a group's sums, so that the database sorts by what the panel shows. */
const metricOrder: Record<string, SQL> = {
  ...Object.fromEntries(Object.entries(sumColumns).map(([metric, column]) => [metric, sum(column)])),
  conversions: sql`(${sum('click_conversions')} + ${sum('view_conversions')})`,
  winRate: sql`(${sum('wins')}::numeric / nullif(${sum('bids')}, 0))`,
  ctr: sql`(${sum('clicks')}::numeric / nullif(${sum('impressions')}, 0))`,
  cpmMicros: sql`(${sum('spend_micros')}::numeric / nullif(${sum('impressions')}, 0))`,
  cpcMicros: sql`(${sum('spend_micros')}::numeric / nullif(${sum('clicks')}, 0))`,
  conversionRate: sql`(${sum('click_conversions')}::numeric / nullif(${sum('clicks')}, 0))`,
  cpaMicros: sql`(${sum('spend_micros')}::numeric / nullif(${sum('click_conversions')} + ${sum('view_conversions')}, 0))`,
  // Value in minor units per micro-unit of spend, scaled by the currency's minor units so that
  // rows in different currencies compare as the panel's ROAS does.
  roas: sql`(${sum('conversion_value_minor')}::numeric * min(scope.value_scale) / nullif(${sum('spend_micros')}, 0))`,
  // None predicted is no prediction (null, last), as the panel shows it.
  predictedClicks: sql`nullif(${sum('predicted_clicks_micro')}, 0)`,
  predictedConversions: sql`nullif(${sum('predicted_conversions_micro')}, 0)`,
  shadingSavingMicros: sql`(${sum('unshaded_micros')} - ${sum('shaded_clearing_micros')})`,
  shadingSavingRate: sql`((${sum('unshaded_micros')} - ${sum('shaded_clearing_micros')})::numeric / nullif(${sum('unshaded_micros')}, 0))`,
};
export const sortableMetrics = new Set(Object.keys(metricOrder));

/** A row's time on its advertiser's clock, in an hourly rollup (as `s`, beside the scope). */
const localHour = sql`(s.hour at time zone scope.time_zone)`;
type BucketTime = Exclude<ReportTimeGrouping, 'none'>;
/** The start of a row's time bucket on its advertiser's clock: rows are grouped by it. */
const bucketOf = (time: BucketTime, local: SQL): SQL => sql`date_trunc(${sql.raw(`'${time}'`)}, ${local})`;
const labelFormats: Record<BucketTime, string> = {
  hour: 'YYYY-MM-DD HH24:00',
  day: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
};
/** A time bucket's label (`period`), from its start: made once per group, not per row. */
const labelOf = (time: BucketTime, bucket: SQL): SQL =>
  sql`to_char(${bucket}, ${sql.raw(`'${labelFormats[time]}'`)})`;
/** What a key's rows are grouped by (as stored: its label is the text of it, made per group). */
const keyOf: Record<ReportKey, SQL> = {
  advertiser: sql`s.advertiser_id`,
  campaign: sql`s.campaign_id`,
  creative: sql`s.banner_id`,
  country: sql`s.country`,
  deviceType: sql`s.device_type`,
  domain: sql`s.domain`,
  product: sql`s.product_key`,
};

/**
 * A rollup a report sums (as `s`, joined to the scope): a row's time on its advertiser's clock,
 * and which of its rows fall in the scope's days.
 */
interface Rollup {
  table: SQL;
  localTime: SQL;
  within: (scope: ReportScope) => SQL;
}

/** An hourly rollup: each advertiser's days are the UTC hours from its midnights. */
const hourly = (table: SQL): Rollup => ({
  table,
  localTime: localHour,
  within: (scope) => sql`s.hour >= (${scope.from}::date::timestamp at time zone scope.time_zone)
      and s.hour < ((${scope.to}::date + 1)::timestamp at time zone scope.time_zone)`,
});

/** The campaigns' days of their advertisers' clocks: already each advertiser's own days. */
const daily: Rollup = {
  table: sql`${statsCampaignDaily}`,
  localTime: sql`s.day::timestamp`,
  within: (scope) => sql`s.day between ${scope.from}::date and ${scope.to}::date`,
};

/**
 * The rollup a key's groups are summed from: the products' (`stats_product_hourly`) for products,
 * with zeros for what it does not split by product (the caller shows them as not split); for
 * time, advertisers and campaigns the campaigns' days (`stats_campaign_daily`, one row a
 * campaign's day: a report's period is whole days of each advertiser's clock), or by hour their
 * hours (`stats_campaign_hourly`); else the detailed `stats_hourly`. Each has the (advertiser,
 * hour or day) index the scope reads by.
 */
const rollupOf = (key: ReportKey | null, time: ReportTimeGrouping): Rollup => {
  switch (key) {
    case 'product':
      return hourly(sql`(select hour, advertiser_id, campaign_id, banner_id, product_key, impressions, clicks,
        click_conversions, conversion_value_minor, 0::bigint as bids, 0::bigint as wins,
        0::bigint as spend_micros, 0::bigint as view_conversions, 0::bigint as commission_micros,
        0::bigint as pixel_conversions, 0::bigint as tag_conversions, 0::bigint as postback_conversions,
        0::bigint as predicted_clicks_micro, 0::bigint as predicted_conversions_micro,
        0::bigint as shaded_clearing_micros, 0::bigint as unshaded_micros
        from stats_product_hourly)`);
    case null:
    case 'advertiser':
    case 'campaign':
      return time === 'hour' ? hourly(sql`stats_campaign_hourly`) : daily;
    default:
      return hourly(sql`stats_hourly`);
  }
};

/**
 * The scope as a table (advertiser, time zone, currency, ROAS scale) joined to a rollup by its
 * (advertiser, time) index, each advertiser over its own days.
 */
function scopedRollups(scope: ReportScope, rollup: Rollup): SQL {
  const advertisers = sql.join(
    scope.advertisers.map(
      (a) =>
        sql`(${a.id}::bigint, ${a.timeZone}::text, ${a.currency}::text, ${10 ** (6 - a.currencyMinorUnits)}::numeric)`,
    ),
    sql`, `,
  );
  return sql`${rollup.table} s
    join (values ${advertisers}) as scope(advertiser_id, time_zone, currency, value_scale)
      on s.advertiser_id = scope.advertiser_id
    where ${rollup.within(scope)}
      ${scope.campaignId === undefined ? sql`` : sql`and s.campaign_id = ${scope.campaignId}`}`;
}

const sumsSelect = sql.join(
  Object.entries(sumColumns).map(([metric, column]) => sql`${sum(column)} as ${sql.identifier(metric)}`),
  sql`, `,
);
/** The sums of `sumsSelect` by name, from a query that selected them (as `raw`). */
const sumNames = sql.join(
  Object.keys(sumColumns).map((metric) => sql`raw.${sql.identifier(metric)}`),
  sql`, `,
);

/** Groups where anything happened (rows of only invalid traffic are not the report's). */
const anyDelivery = sql`having ${sql.join(
  Object.values(sumColumns).map((column) => sql`${sum(column)} > 0`),
  sql` or `,
)}`;

type RawRow = Record<keyof AgencySums, string | number> & {
  period: string | null;
  key: string | null;
  currency: string;
  total?: string | number;
};
const toGroupSums = (row: RawRow): GroupSums => ({
  period: row.period,
  key: row.key,
  currency: row.currency,
  ...(Object.fromEntries(
    Object.keys(sumColumns).map((m) => [m, Number(row[m as keyof AgencySums])]),
  ) as Record<keyof AgencySums, number>),
});
const rowsOf = (result: unknown) => (result as { rows: RawRow[] }).rows;

/**
 * A page of the scope's groups (time bucket x key; the advertiser's currency keeps money apart),
 * ordered as asked, then by period and key so that pages never overlap; and how many groups
 * there are. Without a page, every group.
 */
export async function groupedSums(
  db: Database,
  scope: ReportScope,
  grouping: ReportGrouping,
  order: ReportOrder,
  page?: { limit: number; offset: number },
): Promise<{ rows: GroupSums[]; total: number }> {
  const rollup = rollupOf(grouping.key, grouping.time);
  const { time } = grouping;
  const bucket = time === 'none' ? sql`null::timestamp` : bucketOf(time, rollup.localTime);
  const period = time === 'none' ? sql`null::text` : labelOf(time, sql`raw.bucket`);
  const key = grouping.key === null ? sql`null::text` : keyOf[grouping.key];
  const direction = order.direction === 'asc' ? sql`asc` : sql`desc`;
  const names =
    order.by === 'name' && order.names.size
      ? sql`left join (values ${sql.join(
          [...order.names].map(([k, name]) => sql`(${k}::text, ${name}::text)`),
          sql`, `,
        )}) as names(key, name) on names.key = g.key`
      : sql``;
  const ordered =
    order.by === 'metric'
      ? { name: sql.identifier(`order_${order.metric}`), formula: metricOrder[order.metric] }
      : null;
  const primary = (() => {
    switch (order.by) {
      case 'metric':
        return sql`g.${ordered?.name}`;
      case 'period':
        return sql`g.period`;
      case 'name':
        return order.names.size ? sql`lower(names.name)` : sql`g.key`;
      default:
        return sql`g.key`;
    }
  })();
  // Rows are grouped by their bucket's start and their key as stored; the labels are made of the groups.
  const result = await db.execute(sql`
    with raw as (
      select ${bucket} as bucket, ${key} as key, scope.currency as currency, ${sumsSelect}${
        ordered ? sql`, ${ordered.formula} as ${ordered.name}` : sql``
      }
      from ${scopedRollups(scope, rollup)}
      group by 1, 2, 3
      ${anyDelivery}
    ), g as (
      select ${period} as period, raw.key::text as key, raw.currency, ${sumNames}${
        ordered ? sql`, raw.${ordered.name}` : sql``
      }
      from raw
    )
    select g.*, count(*) over () as total
    from g ${names}
    order by ${primary} ${direction} nulls last, g.period, g.key, g.currency
    ${page ? sql`limit ${page.limit} offset ${page.offset}` : sql``}`);
  const rows = rowsOf(result);
  return { rows: rows.map(toGroupSums), total: Number(rows[0]?.total ?? 0) };
}

/** The scope's sums per currency (one row for one advertiser; none when nothing happened). */
export async function totalsByCurrency(db: Database, scope: ReportScope): Promise<GroupSums[]> {
  const result = await db.execute(sql`
    select null::text as period, null::text as key, scope.currency as currency, ${sumsSelect}
    from ${scopedRollups(scope, rollupOf(null, 'none'))}
    group by scope.currency
    ${anyDelivery}
    order by scope.currency`);
  return rowsOf(result).map(toGroupSums);
}

/** An advertiser's spend in micro-units of its currency over the days the agency overview shows. */
export interface RecentSpend {
  todayMicros: number;
  yesterdayMicros: number;
  /** This month up to today. */
  monthMicros: number;
  /** The 7 days before today. */
  last7DaysMicros: number;
}

/**
 * Each advertiser's spend today, yesterday, this month and in the 7 days before today, each on
 * its own days (`today` on its clock): one query of the campaigns' days, summed per advertiser.
 */
export async function recentSpend(
  db: Database,
  advertisers: readonly { id: number; today: string }[],
): Promise<Map<number, RecentSpend>> {
  const spend = new Map<number, RecentSpend>(
    advertisers.map((a) => [
      a.id,
      { todayMicros: 0, yesterdayMicros: 0, monthMicros: 0, last7DaysMicros: 0 },
    ]),
  );
  if (!advertisers.length) return spend;
  const within = (days: SQL) => sql`coalesce(sum(s.spend_micros) filter (where ${days}), 0)`;
  const rows = await selectRows<{ id: string | number } & Record<keyof RecentSpend, string | number>>(
    db,
    sql`
    select s.advertiser_id as id,
      ${within(sql`s.day = a.today`)} as "todayMicros",
      ${within(sql`s.day = a.today - 1`)} as "yesterdayMicros",
      ${within(sql`s.day >= a.month`)} as "monthMicros",
      ${within(sql`s.day >= a.today - 7 and s.day < a.today`)} as "last7DaysMicros"
    from ${statsCampaignDaily} s
    join (
      select id, today, date_trunc('month', today)::date as month
      from (values ${sql.join(
        advertisers.map((a) => sql`(${a.id}::bigint, ${a.today}::date)`),
        sql`, `,
      )}) as v(id, today)
    ) a on a.id = s.advertiser_id
    where s.day >= least(a.today - 7, a.month) and s.day <= a.today
    group by s.advertiser_id`,
  );
  for (const row of rows)
    spend.set(Number(row.id), {
      todayMicros: Number(row.todayMicros),
      yesterdayMicros: Number(row.yesterdayMicros),
      monthMicros: Number(row.monthMicros),
      last7DaysMicros: Number(row.last7DaysMicros),
    });
  return spend;
}

/** A group's sums per time bucket: its index in the keys asked for (-1: the other keys together). */
export interface SeriesSums extends GroupSums {
  group: number;
}

/**
 * The scope's sums per time bucket of each of `keys` (values of `key` as `groupedSums` gives
 * them) and of every other key together: at most one row per key and bucket, plus one per bucket
 * for the rest.
 */
export async function seriesSums(
  db: Database,
  scope: ReportScope,
  time: Exclude<ReportTimeGrouping, 'none'>,
  key: ReportKey,
  keys: readonly (string | null)[],
): Promise<SeriesSums[]> {
  const column = sql`${keyOf[key]}::text`;
  const rollup = rollupOf(key, time);
  const whens = keys.map((k, index) =>
    k === null
      ? sql`when ${column} is null then ${index}::int`
      : sql`when ${column} = ${k} then ${index}::int`,
  );
  const result = await db.execute(sql`
    select ${labelOf(time, bucketOf(time, rollup.localTime))} as period, null::text as key, scope.currency as currency,
      case ${sql.join(whens, sql` `)} else -1 end as "group", ${sumsSelect}
    from ${scopedRollups(scope, rollup)}
    group by 1, 3, 4`);
  return (result as { rows: (RawRow & { group: number | string })[] }).rows.map((row) => ({
    ...toGroupSums(row),
    group: Number(row.group),
  }));
}

/** The distinct keys the scope has rows of (to name them before sorting by name). */
export async function keysOf(db: Database, scope: ReportScope, key: ReportKey): Promise<string[]> {
  const result = await db.execute(sql`
    select key::text as key
    from (select distinct ${keyOf[key]} as key from ${scopedRollups(scope, rollupOf(key, 'none'))}) k`);
  return (result as { rows: { key: string }[] }).rows.map((row) => row.key);
}

/**
 * Every time bucket of a period of days on these time zones' clocks (the union of theirs),
 * oldest first: the labels of its UTC hours on each clock (a day across a DST change has 23 or
 * 25 hours; the repeated hour is one).
 */
export async function periodBuckets(
  db: Database,
  timeZones: readonly string[],
  from: string,
  to: string,
  time: Exclude<ReportTimeGrouping, 'none'>,
): Promise<string[]> {
  if (!timeZones.length) return [];
  const result = await db.execute(sql`
    select distinct ${labelOf(time, bucketOf(time, localHour))} as period
    from (values ${sql.join(
      timeZones.map((zone) => sql`(${zone}::text)`),
      sql`, `,
    )}) as scope(time_zone)
    cross join lateral generate_series(
      (${from}::date::timestamp at time zone scope.time_zone),
      ((${to}::date + 1)::timestamp at time zone scope.time_zone) - interval '1 hour',
      interval '1 hour'
    ) as s(hour)
    order by 1`);
  return (result as { rows: { period: string }[] }).rows.map((row) => row.period);
}
