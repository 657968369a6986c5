import type { Database } from '@rtb/db';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { rowsOf } from '../../money/payments/test-helpers';

/**
 * Every hourly rollup row equals the raw events of its hour and dimensions, in every column (a
 * side without a row counts zeros; no raw event is a bid, so `bids` is 0 wherever the events are
 * all there is).
 */
export async function expectRollupsEqualEvents(db: Database) {
  const mismatches = rowsOf(
    await db.execute(sql`
      with raw as (
        select date_trunc('hour', occurred_at at time zone 'UTC') at time zone 'UTC' as hour, campaign_id, banner_id, coalesce(country, '') as country,
          coalesce(device_type, '') as device_type, coalesce(domain, '') as domain,
          0 as bids,
          count(*) filter (where kind = 'win' and invalid_reason is null) as wins,
          count(*) filter (where kind = 'impression' and invalid_reason is null) as impressions,
          count(*) filter (where kind = 'impression' and invalid_reason is not null) as invalid_impressions,
          count(*) filter (where kind = 'click' and invalid_reason is null) as clicks,
          count(*) filter (where kind = 'click' and invalid_reason is not null) as invalid_clicks,
          count(*) filter (where kind = 'conversion' and invalid_reason is null and attribution = 'click') as click_conversions,
          count(*) filter (where kind = 'conversion' and invalid_reason is null and attribution = 'view') as view_conversions,
          coalesce(sum(value_minor) filter (where kind = 'conversion' and invalid_reason is null), 0) as conversion_value_minor,
          count(*) filter (where kind = 'conversion' and invalid_reason is null and attribution is not null and source = 'conversion') as pixel_conversions,
          count(*) filter (where kind = 'conversion' and invalid_reason is null and attribution is not null and source = 'tag') as tag_conversions,
          count(*) filter (where kind = 'conversion' and invalid_reason is null and attribution is not null and source = 'postback') as postback_conversions,
          coalesce(sum(clearing_micros) filter (where kind = 'impression' and invalid_reason is null), 0) as clearing_micros,
          sum(cost_micros) filter (where kind = 'impression') as spend_micros,
          sum(margin_micros) filter (where kind = 'impression') as margin_micros,
          sum(commission_micros) filter (where kind = 'impression') as commission_micros
        from delivery_events where campaign_id is not null and kind <> 'loss'
        group by 1, 2, 3, 4, 5, 6
      )
      select * from raw full join stats_hourly s using (hour, campaign_id, banner_id, country, device_type, domain)
      where (${side('raw')}) is distinct from (${side('s')})`),
  );
  expect(mismatches).toEqual([]);
  const [rows] = rowsOf<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from stats_hourly`),
  );
  expect(Number(rows?.n)).toBeGreaterThan(0);
  await expectCampaignRollupsEqualDetail(db);
  await expectProductRollupsEqualEvents(db);
}

const rollupColumns = [
  'bids',
  'wins',
  'impressions',
  'clicks',
  'invalid_impressions',
  'invalid_clicks',
  'click_conversions',
  'view_conversions',
  'conversion_value_minor',
  'pixel_conversions',
  'tag_conversions',
  'postback_conversions',
  'clearing_micros',
  'spend_micros',
  'margin_micros',
  'commission_micros',
].map((column) => sql.identifier(column));

/** A side's counters of a comparison, zeros where it has no row. */
const side = (alias: string) =>
  sql.join(
    rollupColumns.map((c) => sql`coalesce(${sql.identifier(alias)}.${c}, 0)`),
    sql`, `,
  );

/** Each counter summed, under its own name. */
const sums = sql.join(
  rollupColumns.map((c) => sql`sum(${c}) as ${c}`),
  sql`, `,
);

/** Every campaign's hourly row equals the detailed rows of its hour summed (a side without a row counts zeros). */
export async function expectCampaignRollupsEqualDetail(db: Database) {
  const mismatches = rowsOf(
    await db.execute(sql`
      with detail as (
        select hour, advertiser_id, campaign_id, ${sums} from stats_hourly group by 1, 2, 3
      )
      select * from detail d full join stats_campaign_hourly c using (hour, advertiser_id, campaign_id)
      where (${side('d')}) is distinct from (${side('c')})`),
  );
  expect(mismatches).toEqual([]);
  await expectDailyRollupsEqualHours(db);
}

/**
 * Every campaign's day of its advertiser's clock (its time zone now) equals the campaign's
 * hourly rows of that day summed (a side without a row counts zeros).
 */
export async function expectDailyRollupsEqualHours(db: Database) {
  const mismatches = rowsOf(
    await db.execute(sql`
      with hours as (
        select (c.hour at time zone a.time_zone)::date as day, c.advertiser_id, c.campaign_id, ${sums}
        from stats_campaign_hourly c join advertisers a on a.id = c.advertiser_id
        group by 1, 2, 3
      )
      select * from hours h full join stats_campaign_daily d using (day, advertiser_id, campaign_id)
      where (${side('h')}) is distinct from (${side('d')})`),
  );
  expect(mismatches).toEqual([]);
}

/**
 * Every product's hourly rollup row equals the valid raw events naming the product: the
 * impressions that showed it, the clicks on it, the conversions whose touch was a click on it
 * and their value (a side without a row counts zeros).
 */
export async function expectProductRollupsEqualEvents(db: Database) {
  const mismatches = rowsOf(
    await db.execute(sql`
      with raw as (
        select date_trunc('hour', e.occurred_at at time zone 'UTC') at time zone 'UTC' as hour, e.campaign_id,
          e.banner_id, p.product_key,
          count(*) filter (where e.kind = 'impression') as impressions,
          count(*) filter (where e.kind = 'click') as clicks,
          count(*) filter (where e.kind = 'conversion' and e.attribution = 'click') as click_conversions,
          coalesce(sum(e.value_minor) filter (where e.kind = 'conversion' and e.attribution = 'click'), 0)
            as conversion_value_minor
        from delivery_events e
          cross join lateral (select distinct unnest(e.product_keys) as product_key) p
        where e.campaign_id is not null and e.banner_id is not null and e.invalid_reason is null
        group by 1, 2, 3, 4
      )
      select * from raw full join stats_product_hourly s using (hour, campaign_id, banner_id, product_key)
      where (coalesce(raw.impressions, 0), coalesce(raw.clicks, 0), coalesce(raw.click_conversions, 0), coalesce(raw.conversion_value_minor, 0))
        is distinct from (coalesce(s.impressions, 0), coalesce(s.clicks, 0), coalesce(s.click_conversions, 0), coalesce(s.conversion_value_minor, 0))`),
  );
  expect(mismatches).toEqual([]);
}
