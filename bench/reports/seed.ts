import { type Database, seedDemoData } from '@rtb/db';
import { createDayPartition, dayPartitionName, rebuildCampaignDailyStats } from '@rtb/delivery';
import { sql } from 'drizzle-orm';

export interface ReportsBenchSizes {
  /** UTC days of data, ending the day before `end`. */
  days: number;
  campaigns: number;
  /** Advertisers the campaigns are spread over, the first `agencyAdvertisers` under Demo Agency. */
  advertisers: number;
  agencyAdvertisers: number;
  /** Rollup rows per campaign and hour (country x device type x domain slices). */
  slices: number;
  /** The rollups' impressions in all, spread over their rows. */
  impressions: number;
  /** Raw delivery events in the partitioned delivery_events. */
  events: number;
  /** The first day after the data (`YYYY-MM-DD`, UTC). */
  end: string;
}

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/**
 * Drops a table's secondary indexes (not its primary key) while `load` runs and builds them again
 * from their own definitions afterwards: a bulk load and one index build is much faster than
 * keeping the indexes up to date row by row. On a partitioned table the parent's indexes cascade
 * to the partitions, and come back on every partition.
 */
async function withoutIndexes(db: Database, table: string, load: () => Promise<void>): Promise<void> {
  const indexes = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.tablename = ${table} and i.schemaname = 'public'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`),
  );
  for (const { name } of indexes) await db.execute(sql.raw(`drop index "${name}"`));
  await load();
  // pg_indexes writes a partitioned table's index `ON ONLY` the parent: built without `ONLY`, it
  // is built on every partition too.
  for (const { def } of indexes) await db.execute(sql.raw(def.replace(' ON ONLY ', ' ON ')));
}

/**
 * Organisations: the demo data; `advertisers` advertisers copied from Demo Shop (a mix of time
 * zones), the first `agencyAdvertisers` of them under Demo Agency; `campaigns` campaigns spread
 * over them in turn, each with one banner.
 */
async function seedOrganisations(db: Database, s: ReportsBenchSizes): Promise<void> {
  await seedDemoData(db);
  await db.execute(sql`
    insert into advertisers (name, code, agency_id, currency_id, country_id, tax_id, tax_address, tax_email, phone,
                             status_verification, website_url, website_locales, time_zone)
    select 'Bench shop ' || g, 'BENCH' || g,
           case when g <= ${s.agencyAdvertisers} then (select id from agencies where name = 'Demo Agency') end,
           currency_id, country_id, tax_id, tax_address, tax_email, phone, 'verified',
           'https://shop' || g || '.example.com', website_locales,
           (array['Europe/Warsaw', 'Europe/Berlin', 'Europe/London', 'America/New_York'])[1 + g % 4]
    from advertisers, generate_series(1, ${s.advertisers}) g where name = 'Demo Shop'`);
  await db.execute(sql`
    with shops as (select id, row_number() over (order by id) - 1 as i from advertisers where code like 'BENCH%')
    insert into campaigns (advertiser_id, name, status, start_date, total_budget, daily_budget, max_cpm)
    select shops.id, 'Campaign ' || n, 'active', ${s.end}::date - ${s.days}::int, 1000000000000, 10000000000, 2000
    from generate_series(0, ${s.campaigns - 1}::int) n join shops on shops.i = n % ${s.advertisers}`);
  await db.execute(sql`
    with made as (
      insert into banners (advertiser_id, name, type, status, width, height, mime_type, file_size,
                           landing_url, asset_key, asset_entry)
      select c.advertiser_id, 'Creative ' || c.id, 'image', 'approved', 300, 250, 'image/png', 10000,
             'https://shop.example.com/c/' || c.id, md5('bench:' || c.id), 'banner.png'
      from campaigns c join advertisers a on a.id = c.advertiser_id and a.code like 'BENCH%'
      returning id, name
    )
    insert into campaign_banners (campaign_id, banner_id)
    select split_part(name, ' ', 2)::bigint, id from made`);
}

/**
 * The rollups: one row per hour, campaign and slice (2 countries x 2 device types, a
 * domain of 4), impressions spread pseudo-randomly around `impressions / rows` a row (0.5 to 1.5
 * times it), the other figures derived from them: 4 bids and 1.2 wins an impression, a click per
 * 200, a conversion now and then; 2 PLN CPM clearing, 0.40 margin, 0.20 commission for the
 * agency's advertisers (spend = clearing + margin + commission). Then the campaigns' hours and
 * days as the app sums them.
 */
async function seedRollups(db: Database, s: ReportsBenchSizes): Promise<void> {
  const hours = s.days * 24;
  const mean = s.impressions / (s.campaigns * hours * s.slices);
  await withoutIndexes(db, 'stats_hourly', async () => {
    await db.execute(sql`
      insert into stats_hourly (hour, advertiser_id, campaign_id, banner_id, country, device_type, domain,
        bids, wins, impressions, clicks, click_conversions, view_conversions, conversion_value_minor,
        clearing_micros, spend_micros, margin_micros, commission_micros)
      select (${s.end}::date - ${s.days}::int)::timestamp at time zone 'UTC' + h * interval '1 hour',
             c.advertiser_id, c.id, cb.banner_id,
             (array['PL', 'DE'])[1 + sl % 2], (array['desktop', 'mobile'])[1 + sl / 2 % 2],
             (array['onet.pl', 'wp.pl', 'interia.pl', 'o2.pl'])[1 + (c.id + sl) % 4],
             i * 4, i + i / 5, i, (i + (h + sl) % 200) / 200,
             ((h + c.id) % 97 = 0)::int, ((h + c.id + sl) % 89 = 0)::int, ((h + c.id) % 97 = 0)::int * 15000,
             i * 2000, i * (2400 + commission), i * 400, i * commission
      from campaigns c
      join advertisers a on a.id = c.advertiser_id and a.code like 'BENCH%'
      join campaign_banners cb on cb.campaign_id = c.id
      cross join lateral (select case when a.agency_id is null then 0 else 200 end as commission) m
      cross join generate_series(0, ${hours - 1}::int) h
      cross join generate_series(0, ${s.slices - 1}::int) sl
      cross join lateral (
        select round(${mean}::numeric * (0.5 + ((c.id * 7919 + h * 104729 + sl * 1299709) % 1000) / 1000.0))::bigint as i
      ) x`);
  });
  // The campaigns' rollup is the detail summed per hour and campaign (what the app writes with it).
  await withoutIndexes(db, 'stats_campaign_hourly', async () => {
    await db.execute(sql`
      insert into stats_campaign_hourly
      select hour, advertiser_id, campaign_id, sum(bids), sum(wins), sum(impressions), sum(clicks),
        sum(invalid_impressions), sum(invalid_clicks), sum(click_conversions), sum(view_conversions),
        sum(conversion_value_minor), sum(clearing_micros), sum(spend_micros), sum(margin_micros),
        sum(commission_micros)
      from stats_hourly where advertiser_id in (select id from advertisers where code like 'BENCH%')
      group by 1, 2, 3`);
  });
  // And their days of each advertiser's clock, as the app counts them when a time zone changes.
  const shops = rowsOf<{ id: string | number }>(
    await db.execute(sql`select id from advertisers where code like 'BENCH%' order by id`),
  );
  for (const { id } of shops) await rebuildCampaignDailyStats(db, Number(id));
}

/**
 * The raw events: `events` rows over the same days (a partition per UTC day, created as the API
 * does), one statement per day. Per twenty events of a day: a click, and wins and impressions of
 * bids (as the trackers record them), of the campaigns in turn.
 */
async function seedEvents(
  db: Database,
  s: ReportsBenchSizes,
  progress: (day: number) => void,
): Promise<void> {
  const perDay = Math.ceil(s.events / s.days);
  const first = (day: number) =>
    new Date(Date.parse(s.end) - (s.days - day) * 86_400_000).toISOString().slice(0, 10);
  for (let day = 0; day < s.days; day++) await createDayPartition(db, first(day));
  await withoutIndexes(db, 'delivery_events', async () => {
    for (let day = 0; day < s.days; day++) {
      const from = day * perDay;
      const to = Math.min(s.events, from + perDay) - 1;
      if (to < from) break;
      // Straight into the day's partition: the same rows, without routing each through the parent.
      await db.execute(sql`
        with c as (
          select c.id, c.advertiser_id, cb.banner_id, row_number() over (order by c.id) - 1 as i
          from campaigns c join campaign_banners cb on cb.campaign_id = c.id
          join advertisers a on a.id = c.advertiser_id and a.code like 'BENCH%'
        )
        insert into ${sql.identifier(dayPartitionName(first(day)))} (event_key, kind, occurred_at, bid_id,
          advertiser_id, campaign_id, banner_id, user_id, country, device_type, domain,
          clearing_micros, cost_micros, margin_micros, commission_micros, source, partition_at)
        select e.kind || ':' || g, e.kind, t.at + interval '1 second', 'bid-' || (g / 2),
               c.advertiser_id, c.id, c.banner_id, 'u' || (g % 1000000),
               (array['PL', 'DE'])[1 + g % 2], (array['desktop', 'mobile'])[1 + g / 2 % 2],
               (array['onet.pl', 'wp.pl', 'interia.pl', 'o2.pl'])[1 + g % 4],
               case when e.kind = 'impression' then 2000 end, case when e.kind = 'impression' then 2600 else 0 end,
               case when e.kind = 'impression' then 400 else 0 end, case when e.kind = 'impression' then 200 else 0 end,
               case e.kind when 'win' then 'nurl' when 'impression' then 'burl' else 'click' end, t.at
        from generate_series(${from}::bigint, ${to}::bigint) g
        cross join lateral (select case when g % 20 = 0 then 'click' when g % 2 = 0 then 'win' else 'impression' end as kind) e
        cross join lateral (select ${first(day)}::date::timestamp at time zone 'UTC' + (g * 37 % 86400) * interval '1 second' as at) t
        join c on c.i = (g / 2) % ${s.campaigns}`);
      progress(day);
    }
  });
}

/**
 * The whole data set, rollups and raw events loaded side by side (two connections of `db`'s
 * pool), then vacuumed and analysed as autovacuum leaves a table that has been around.
 */
export async function seedReportsBench(
  db: Database,
  s: ReportsBenchSizes,
  log: (line: string) => void,
): Promise<void> {
  const started = performance.now();
  const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;
  await seedOrganisations(db, s);
  log(`organisations and campaigns: ${elapsed()}`);
  await Promise.all([
    seedRollups(db, s).then(() => log(`rollups: ${elapsed()}`)),
    seedEvents(db, s, (day) => {
      if ((day + 1) % 10 === 0) log(`raw events: ${day + 1} of ${s.days} days, ${elapsed()}`);
    }).then(() => log(`raw events: ${elapsed()}`)),
  ]);
  await db.execute(sql`vacuum analyze stats_hourly`);
  await db.execute(sql`vacuum analyze stats_campaign_hourly`);
  await db.execute(sql`vacuum analyze stats_campaign_daily`);
  await db.execute(sql`vacuum analyze delivery_events`);
  await db.execute(sql`analyze`);
  log(`vacuum analyze: ${elapsed()}`);
}
