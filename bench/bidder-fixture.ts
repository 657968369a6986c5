import { type Database, seedDemoData } from '@rtb/db';
import { sql } from 'drizzle-orm';

/** Sizes of the bench's creatives: the common display sizes, each campaign three of them. */
const SIZES = [
  '300x250',
  '728x90',
  '320x50',
  '300x600',
  '160x600',
  '970x250',
  '336x280',
  '320x100',
  '468x60',
];

/**
 * The bidder benchmark's data: the demo data, USD and EUR rates, and `advertisers` advertisers
 * ready to serve (verified, billing data and regulations copied from Demo Shop, a credit line
 * that never runs out), each with 5 active campaigns of 3 approved creatives and varied
 * targeting, budgets, bids and pacing. Inserted with set-based SQL: seconds, not minutes.
 */
export async function seedBidderBench(db: Database, advertisers: number): Promise<void> {
  await seedDemoData(db);
  await db.execute(sql`
    insert into currency_rates (currency_id, rate, valid_from)
    select id, case code when 'USD' then 3.95 else 4.30 end, '2020-01-01' from currencies where code in ('USD', 'EUR')
    on conflict do nothing`);
  await db.execute(sql`
    insert into advertisers (name, code, currency_id, country_id, tax_id, tax_address, tax_email, phone,
                             status_verification, credit_limit, use_credit_limit, website_url, website_locales, time_zone)
    select 'Bench shop ' || g, 'BENCH' || g, currency_id, country_id, tax_id, tax_address, tax_email, phone,
           'verified', 100000000000, true, 'https://shop' || g || '.example.com', website_locales,
           (array['Europe/Warsaw', 'Europe/Berlin', 'Europe/London', 'America/New_York'])[1 + g % 4]
    from advertisers, generate_series(1, ${advertisers}) g where name = 'Demo Shop'`);
  await db.execute(sql`
    insert into log_regulations (regulation_id, advertiser_id)
    select lr.regulation_id, a.id from log_regulations lr
    join advertisers d on d.id = lr.advertiser_id and d.name = 'Demo Shop'
    cross join advertisers a where a.code like 'BENCH%'`);
  await db.execute(sql`
    insert into campaigns (advertiser_id, name, status, start_date, total_budget, daily_budget, max_cpm, pacing,
                           frequency_cap_count, frequency_cap_period, countries, device_types, include_domains)
    select a.id, 'Campaign ' || n, 'active', current_date - 1, 100000000, 10000000,
           200 + ((a.id * 7 + n * 13) % 1800),
           case when n % 2 = 0 then 'even' else 'asap' end,
           case when n % 3 = 0 then 5 end, case when n % 3 = 0 then 'day' end,
           case n % 4 when 0 then '{}'::text[] when 1 then '{PL}' when 2 then '{PL,DE,GB}' else '{US,GB}' end,
           case n % 5 when 0 then '{mobile}'::text[] when 1 then '{desktop}' else '{}' end,
           case when n = 5 and a.id % 10 = 0 then '{onet.pl,wp.pl}'::text[] else '{}' end
    from advertisers a cross join generate_series(1, 5) n where a.code like 'BENCH%'`);
  const sizes = sql.raw(`array[${SIZES.map((s) => `'${s}'`).join(', ')}]`);
  await db.execute(sql`
    with slots as (
      select c.id as campaign_id, c.advertiser_id, k,
             split_part((${sizes})[1 + (c.id * 3 + k * 5) % ${SIZES.length}], 'x', 1)::int as w,
             split_part((${sizes})[1 + (c.id * 3 + k * 5) % ${SIZES.length}], 'x', 2)::int as h
      from campaigns c join advertisers a on a.id = c.advertiser_id and a.code like 'BENCH%'
      cross join generate_series(1, 3) k
    ), made as (
      insert into banners (advertiser_id, name, type, status, width, height, mime_type, file_size,
                           landing_url, asset_key, asset_entry)
      select advertiser_id, 'Creative ' || campaign_id || '-' || k, 'image', 'approved', w, h, 'image/png', 10000,
             'https://shop.example.com/p/' || campaign_id, md5(campaign_id || ':' || k), 'banner.png'
      from slots
      returning id, name
    )
    insert into campaign_banners (campaign_id, banner_id)
    select split_part(split_part(name, ' ', 2), '-', 1)::bigint, id from made`);
}

/** The user id (`buyeruid`) of the bench's k-th visitor of the shops. */
export const benchVisitorId = (k: number) => `bench-user-${k}`;

/**
 * Audiences on top of `seedBidderBench`'s campaigns (issue 15 item 3): each advertiser has product
 * viewers (30 days) and buyers (90 days); its campaign 2 retargets viewers and campaign 4
 * prospects, both excluding buyers (40% of the campaigns). `visitors` visitors each saw 5 of the
 * shops in the last 30 days (a home page and a product view each; every tenth also bought):
 * tag events the bidder rebuilds its profiles from at start.
 */
export async function seedBenchAudiences(db: Database, visitors: number): Promise<void> {
  await db.execute(sql`
    insert into audiences (advertiser_id, name, rule, lookback_days)
    select a.id, r.name, r.rule, r.days from advertisers a
    cross join (values ('Viewers', 'product_viewers', 30), ('Buyers', 'buyers', 90)) r(name, rule, days)
    where a.code like 'BENCH%'`);
  await db.execute(sql`
    update campaigns c
    set audience_include_ids = case when c.name = 'Campaign 2' then array[v.id] else '{}'::bigint[] end,
        audience_exclude_ids = array[b.id]
    from audiences v, audiences b
    where v.advertiser_id = c.advertiser_id and v.rule = 'product_viewers'
      and b.advertiser_id = c.advertiser_id and b.rule = 'buyers'
      and c.name in ('Campaign 2', 'Campaign 4')`);
  await db.execute(sql`
    with shops as (
      select id, row_number() over (order by id) - 1 as i, count(*) over () as n
      from advertisers where code like 'BENCH%'
    )
    insert into tag_events (event_key, advertiser_id, type, received_at, visitor_id, user_id, product_ids)
    select 'bench:' || k || ':' || j || ':' || e, s.id,
           (array['viewHome', 'viewItem', 'trackTransaction'])[e],
           now() - make_interval(days => k % 30) + make_interval(mins => e),
           'v' || k, 'bench-user-' || k,
           case when e = 2 then array['sku-' || (k % 100)] else '{}'::text[] end
    from generate_series(1, ${visitors}) k
    cross join generate_series(1, 5) j
    cross join generate_series(1, 3) e
    join shops s on s.i = (k * 7 + j * 13) % s.n
    where e < 3 or k % 10 = 0`);
}

/**
 * Dynamic product banners on top of `seedBenchAudiences` (issue 15 item 4): each shop's 100
 * products (`sku-0` to `sku-99`, the ids its visitors viewed) in stock, and a dynamic banner in
 * its campaign 2, the one that retargets product viewers.
 */
export async function seedBenchDynamicBanners(db: Database): Promise<void> {
  await db.execute(sql`
    insert into products (advertiser_id, product_id, title, link, image_link, additional_image_links,
                          price_micros, price_currency, sale_price_micros, sale_price_currency, availability,
                          extra, content_hash)
    select a.id, 'sku-' || p, 'Product ' || p || ' of ' || a.name, a.website_url || '/p/' || p,
           a.website_url || '/img/' || p || '.jpg', '[]'::jsonb, (10 + p) * 1000000, 'PLN',
           case when p % 3 = 0 then (8 + p) * 1000000 end, case when p % 3 = 0 then 'PLN' end,
           'in_stock', '{}'::jsonb, md5(a.id || ':' || p)
    from advertisers a cross join generate_series(0, 99) p where a.code like 'BENCH%'`);
  await db.execute(sql`
    with made as (
      insert into banners (advertiser_id, name, type, status, width, height, mime_type, file_size,
                           landing_url, asset_key, asset_entry, template)
      select a.id, 'Dynamic ' || a.id, 'dynamic', 'approved', 160, 48, 'image/png', 1000, a.website_url,
             md5('dynamic:' || a.id), 'logo.png',
             jsonb_build_object('layout', case when a.id % 2 = 0 then 'trio' else 'single' end,
                                'backgroundColour', '#ffffff', 'textColour', '#1f2937',
                                'accentColour', '#dc2626', 'callToAction', 'Shop now')
      from advertisers a where a.code like 'BENCH%'
      returning id, advertiser_id
    )
    insert into campaign_banners (campaign_id, banner_id)
    select c.id, made.id from made join campaigns c on c.advertiser_id = made.advertiser_id and c.name = 'Campaign 2'`);
}
