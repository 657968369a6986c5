/**
 * Latency of the campaign pages on a large database: 10,000 advertisers with 10 campaigns and 50
 * creatives each (100,000 campaigns, 500,000 banners, 5 banners per campaign, a week of daily
 * counters for the active ones, some creatives waiting for review).
 *
 * - One advertiser's campaigns page with its counters and serving status: a full API request
 *   (`GET /api/advertiser/campaigns` through `app.inject` with the token of a random advertiser's
 *   user: auth, validation, the page, its banner counts, its counters and the advertiser's facts,
 *   serialisation), and the admin's view of one advertiser's campaigns.
 * - The admin's review queue: `GET /api/admin/banners/review`, the oldest pending creatives with
 *   their advertiser and agency and the total for the tab's badge, and the same with a search.
 *
 * Each against `SELECT 1` through the same path in the same run: `GET /api/health` (a public
 * route whose handler runs `SELECT 1`) for the API requests, `db.execute(select 1)` for the SQL.
 *
 *   npm run bench:campaigns
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run bench:campaigns
 *
 * It needs PostgreSQL: a temporary database is created on the server of DATABASE_URL (by default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped at the end. BENCH_SAMPLES (default 100)
 * is the number of timed requests per case.
 */
import { performance } from 'node:perf_hooks';
import { demoAccounts, hashPassword, seedDemoData } from '@rtb/db';
import { createTestDatabase } from '@rtb/db/testing';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { forceExit, positiveInt, printTable } from './print-table';

const ADVERTISERS = 10_000;
const CAMPAIGNS_PER_ADVERTISER = 10;
const BANNERS_PER_ADVERTISER = 50;
const BANNERS_PER_CAMPAIGN = 5;
const STATS_DAYS = 7;
/** Advertisers seeded per statement. */
const SLICE = 1_000;
/** Advertisers whose users sign in: each timed request picks one of them at random. */
const SIGNED_IN = 50;
const WARMUP = 10;
const samples = positiveInt('BENCH_SAMPLES', 100);
const PASSWORD = 'bench-password-42';

interface Stats {
  median: number;
  p95: number;
}

const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;

async function time(run: () => Promise<void>): Promise<Stats> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { median: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** The rows of a raw query (the pg and PGlite drivers both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

async function main(): Promise<void> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase();
  const { db } = database;
  const { app } = await buildApp({ db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
  try {
    await seedDemoData(db);
    let started = performance.now();
    await db.execute(sql`
      insert into advertisers (name, code, agency_id, currency_id, country_id, tax_id, tax_address, tax_email,
                               website_url, website_locales, status_verification, time_zone)
      select 'Bench shop ' || g, 'BENCH-' || g,
             case when g % 4 = 0 then (select id from agencies where name = 'Demo Agency') end,
             (select id from currencies where code = 'PLN'), (select id from countries where code = 'PL'),
             'PL' || lpad(g::text, 10, '0'), 'Street ' || g, 'billing' || g || '@bench.example',
             'https://shop' || g || '.bench.example', '{pl}', 'verified',
             case when g % 3 = 0 then 'UTC' else 'Europe/Warsaw' end
      from generate_series(1, ${ADVERTISERS}) g`);
    // In slices of advertisers, each statement well within the database's statement timeout.
    const [range] = rowsOf<{ first: number | string; last: number | string }>(
      await db.execute(
        sql`select min(id) as first, max(id) as last from advertisers where code like 'BENCH-%'`,
      ),
    );
    for (let from = Number(range?.first); from <= Number(range?.last); from += SLICE) {
      const slice = sql`a.code like 'BENCH-%' and a.id between ${from} and ${from + SLICE - 1}`;
      // Creatives: the 50th of each advertiser waits for review, and the 49th of every fifth.
      await db.execute(sql`
        insert into banners (advertiser_id, name, type, status, width, height, mime_type, file_size,
                             landing_url, asset_key, asset_entry, submitted_at)
        select a.id, 'Banner ' || b, 'image',
               case when b = 50 or (b = 49 and a.id % 5 = 0) then 'pending' else 'approved' end,
               300, 250, 'image/png', 20000, 'https://shop.bench.example/', md5(a.id || '-' || b), 'banner.png',
               now() - ((a.id * 50 + b) % 100000) * interval '1 minute'
        from advertisers a cross join generate_series(1, ${BANNERS_PER_ADVERTISER}) b
        where ${slice}`);
      await db.execute(sql`
        insert into campaigns (advertiser_id, name, status, start_date, end_date, total_budget, daily_budget,
                               max_cpm, countries)
        select a.id, 'Campaign ' || c,
               (array['active', 'active', 'paused', 'draft', 'active', 'archived', 'active', 'paused', 'active', 'draft'])[c],
               current_date - 30, case when c % 3 = 0 then current_date + 30 end,
               case when c % 2 = 0 then 1000000 end, 10000, 200 + c, '{PL}'
        from advertisers a cross join generate_series(1, ${CAMPAIGNS_PER_ADVERTISER}) c
        where ${slice}`);
      // Campaign k shows banners 5(k-1)+1 to 5k of its advertiser.
      await db.execute(sql`
        insert into campaign_banners (campaign_id, banner_id)
        select c.id, b.id
        from advertisers a
        join campaigns c on c.advertiser_id = a.id
        join banners b on b.advertiser_id = a.id
         and split_part(b.name, ' ', 2)::int between (split_part(c.name, ' ', 2)::int - 1) * ${BANNERS_PER_CAMPAIGN} + 1
                                                 and split_part(c.name, ' ', 2)::int * ${BANNERS_PER_CAMPAIGN}
        where ${slice}`);
      await db.execute(sql`
        insert into campaign_daily_stats (campaign_id, day, impressions, clicks, spend_micros)
        select c.id, current_date - d, 1000 + c.id % 500, 5 + c.id % 7, 2500000 + (c.id % 100) * 1000
        from advertisers a
        join campaigns c on c.advertiser_id = a.id
        cross join generate_series(0, ${STATS_DAYS - 1}) d
        where ${slice} and c.status = 'active'`);
    }

    // A user of each of some random advertisers, to sign in as.
    const passwordHash = await hashPassword(PASSWORD);
    const signedIn = rowsOf<{ id: number | string }>(
      await db.execute(
        sql`select id from advertisers where code like 'BENCH-%' order by random() limit ${SIGNED_IN}`,
      ),
    ).map((row) => Number(row.id));
    await db.execute(sql`
      with new_accounts as (
        insert into accounts (login, kind, password_hash, email_verified_at)
        select 'user' || a || '@bench.example', 'advertiser', ${passwordHash}, now()
        from unnest(${`{${signedIn.join(',')}}`}::bigint[]) a
        returning id, login)
      insert into advertiser_users (account_id, role_id, advertiser_id, first_name, last_name, avatar_color)
      select n.id, (select id from roles where category = 'advertiser' and slug = 'admin'),
             split_part(substring(n.login from 5), '@', 1)::bigint, 'Bench', 'User', '#475569'
      from new_accounts n`);
    for (const table of ['advertisers', 'banners', 'campaigns', 'campaign_banners', 'campaign_daily_stats'])
      await db.execute(sql`vacuum analyze ${sql.identifier(table)}`);
    const counts = rowsOf<Record<string, string | number>>(
      await db.execute(sql`select (select count(*) from campaigns) as campaigns, (select count(*) from banners) as banners,
        (select count(*) from campaign_banners) as links, (select count(*) from campaign_daily_stats) as stats,
        (select count(*) from banners where status = 'pending') as pending`),
    )[0];
    console.log(
      `campaign-lists: PostgreSQL; seeded ${ADVERTISERS.toLocaleString('en-US')} advertisers, ${Number(counts?.campaigns).toLocaleString('en-US')} campaigns, ${Number(counts?.banners).toLocaleString('en-US')} banners (${Number(counts?.pending).toLocaleString('en-US')} pending), ${Number(counts?.links).toLocaleString('en-US')} campaign banners, ${Number(counts?.stats).toLocaleString('en-US')} daily counters in ${((performance.now() - started) / 1000).toFixed(0)} s; ${samples} samples per case after ${WARMUP} warm-ups`,
    );

    const tokenOf = async (kind: 'admin' | 'advertiser', login: string, password: string) => {
      const res = await app.inject({
        method: 'POST',
        url: `/api/${kind}/auth/token`,
        payload: { login, password },
      });
      if (res.statusCode !== 200) throw new Error(`login ${login}: ${res.statusCode} ${res.body}`);
      return res.json().data.authToken as string;
    };
    const adminToken = await tokenOf('admin', demoAccounts.admin.login, demoAccounts.admin.password);
    const users: { advertiserId: number; token: string }[] = [];
    for (const advertiserId of signedIn)
      users.push({
        advertiserId,
        token: await tokenOf('advertiser', `user${advertiserId}@bench.example`, PASSWORD),
      });

    const get = async (url: string, token?: string) => {
      const res = await app.inject({
        method: 'GET',
        url,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
      return res;
    };
    // Every session looked up once (the principal cache), as a signed-in user's next request finds it.
    for (const user of users) await get('/api/advertiser/campaigns', user.token);
    // The page answers what it should: the advertiser's 10 campaigns with counters.
    const sample = (await get('/api/advertiser/campaigns', users[0]?.token)).json().data.campaigns;
    if (
      sample.meta.total !== CAMPAIGNS_PER_ADVERTISER ||
      !sample.elements.some((c: { stats: { impressions: number } }) => c.stats.impressions > 0)
    )
      throw new Error(`unexpected campaigns page: ${JSON.stringify(sample.meta)}`);

    started = performance.now();
    type Case = [label: string, baseline: 'sql' | 'api', run: () => Promise<void>];
    const cases: Case[] = [
      ['SELECT 1 (db.execute)', 'sql', async () => void (await db.execute(sql`select 1`))],
      ['GET /api/health (SELECT 1 via app.inject)', 'api', async () => void (await get('/api/health'))],
      [
        "advertiser's campaigns page (random advertiser)",
        'api',
        async () => void (await get('/api/advertiser/campaigns', pick(users).token)),
      ],
      [
        "advertiser's campaigns, serving filter",
        'api',
        async () => void (await get('/api/advertiser/campaigns?serving=not_serving', pick(users).token)),
      ],
      [
        "admin: an advertiser's campaigns",
        'api',
        async () =>
          void (await get(`/api/admin/campaigns?advertiserId=${pick(users).advertiserId}`, adminToken)),
      ],
      [
        "admin's review queue (oldest pending, with the badge's total)",
        'api',
        async () => void (await get('/api/admin/banners/review', adminToken)),
      ],
      [
        "admin's review queue, searched by an advertiser's code",
        'api',
        async () =>
          void (await get(
            `/api/admin/banners/review?search=BENCH-${1 + Math.floor(Math.random() * ADVERTISERS)}`,
            adminToken,
          )),
      ],
    ];
    const baselines: Record<'sql' | 'api', number> = { sql: 0, api: 0 };
    const rows: string[][] = [];
    for (const [label, baseline, run] of cases) {
      const stats = await time(run);
      if (!baselines[baseline]) baselines[baseline] = stats.median;
      rows.push([
        label,
        `${stats.median.toFixed(2)} ms`,
        `${stats.p95.toFixed(2)} ms`,
        `${(stats.median / baselines[baseline]).toFixed(1)}x ${baseline === 'api' ? 'health' : 'SELECT 1'}`,
      ]);
    }
    printTable(['case', 'median', 'p95', 'median / baseline of its path'], rows);
    console.log(
      `campaign-lists: timed in ${((performance.now() - started) / 1000).toFixed(0)} s; API cases against GET /api/health (${baselines.api.toFixed(2)} ms), SQL cases against SELECT 1 (${baselines.sql.toFixed(2)} ms)`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

main().then(forceExit, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
  forceExit();
});
