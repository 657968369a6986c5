/**
 * Latency of the admin lists on a large database: the first, a middle and the last page of the
 * advertisers list (100,000 advertisers) and of a filtered activity-log query (1,000,000 rows),
 * and an agency's and an advertiser's own activity log on the same table, each a full API request
 * (auth, validation, SQL, serialisation) through `app.inject`, against a bare `SELECT 1` round
 * trip on the same database in the same run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test node --import tsx bench/admin-lists.ts
 *
 * It needs PostgreSQL (a temporary database is created there and dropped at the end); seeding
 * takes a minute or two. BENCH_SAMPLES (default 40) is the number of timed requests per case.
 */
import { performance } from 'node:perf_hooks';
import { demoAccounts, seedDemoData } from '@rtb/db';
import { createTestDatabase } from '@rtb/db/testing';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { encodeCursor } from '../apps/api/src/contexts/organisations/activity-logs/list-activity-logs';
import { forceExit, printTable } from './print-table';

const ADVERTISERS = 100_000;
const AGENCIES = 1_000;
const ACTIVITY_ROWS = 1_000_000;
const PER_PAGE = 25;
const WARMUP = 5;
const samples = Number(process.env.BENCH_SAMPLES ?? 40);
/** The filtered activity-log query: one entity type, about a fifth of all rows. */
const ENTITY_TYPE = 'advertiser';
/** Rows of the demo advertiser (under the demo agency) on top: what its and its agency's log show. */
const SHOP_ROWS = 20_000;

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

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('bench/admin-lists runs on PostgreSQL: set DATABASE_URL.');
  // Seeding a million rows in one statement takes longer than a request's statement limit.
  const database = await createTestDatabase({ timeouts: { statementMs: 600_000 } });
  const { db } = database;
  const { app } = await buildApp({ db, config: loadConfig({ LOG_LEVEL: 'silent' }), logger: false });
  try {
    await seedDemoData(db);
    let started = performance.now();
    await db.execute(sql`
      insert into agencies (name, currency_id, country_id)
      select 'Bench agency ' || g, (select min(id) from currencies), (select min(id) from countries)
      from generate_series(1, ${AGENCIES}) g`);
    await db.execute(sql`
      insert into advertisers (name, code, agency_id, currency_id, website_url, website_locales)
      select 'Shop ' || md5(g::text), 'BENCH-' || g,
             (select min(id) from agencies) + (g % ${AGENCIES}),
             (select min(id) from currencies), 'https://shop' || g || '.example', '{en}'
      from generate_series(1, ${ADVERTISERS}) g`);
    await db.execute(sql`
      insert into activity_logs (created_at, agency_id, actor_account_id, event, entity_type, entity_id, changes)
      select now() - (g * interval '30 seconds'),
             (select min(id) from agencies) + (g % ${AGENCIES}),
             (select min(id) from accounts),
             (array['created', 'updated', 'deleted'])[1 + g % 3],
             (array['advertiser', 'agency', 'campaign', 'banner', 'agency_user'])[1 + g % 5],
             (g % 50000)::text,
             jsonb_build_object('before', null, 'after', jsonb_build_object('name', 'x' || g))
      from generate_series(1, ${ACTIVITY_ROWS}) g`);
    // The demo advertiser's own rows, which carry its agency too (as the API writes them).
    await db.execute(sql`
      insert into activity_logs (created_at, agency_id, advertiser_id, actor_account_id, event, entity_type, entity_id, changes)
      select now() - (g * interval '25 minutes'), a.agency_id, a.id,
             (select id from accounts where login = ${demoAccounts.advertiser.login}),
             'updated', 'advertiser', a.id::text,
             jsonb_build_object('before', jsonb_build_object('phone', g), 'after', jsonb_build_object('phone', g + 1))
      from generate_series(1, ${SHOP_ROWS}) g, (select id, agency_id from advertisers where name = 'Demo Shop') a`);
    // As autovacuum leaves a table that has been around: statistics and the visibility map (which
    // index-only scans need) up to date.
    await db.execute(sql`vacuum analyze`);
    console.log(
      `admin-lists: PostgreSQL; seeded ${ADVERTISERS.toLocaleString('en-US')} advertisers and ${ACTIVITY_ROWS.toLocaleString('en-US')} activity-log rows in ${((performance.now() - started) / 1000).toFixed(0)} s; ${samples} samples per case after ${WARMUP} warm-ups`,
    );

    const tokenOf = async (kind: 'admin' | 'agency' | 'advertiser', credentials: object) => {
      const login = await app.inject({
        method: 'POST',
        url: `/api/${kind}/auth/token`,
        payload: credentials,
      });
      return login.json().data.authToken as string;
    };
    const tokens = {
      admin: await tokenOf('admin', demoAccounts.admin),
      agency: await tokenOf('agency', demoAccounts.agency),
      advertiser: await tokenOf('advertiser', demoAccounts.advertiser),
    };
    const getAs = (token: string) => async (url: string) => {
      const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body}`);
    };
    const get = getAs(tokens.admin);

    const [ids] = rowsOf<{ agency: number; shop: number; actor: number }>(
      await db.execute(sql`select (select id from agencies where name = 'Demo Agency')::int as agency,
        (select id from advertisers where name = 'Demo Shop')::int as shop,
        (select min(id) from accounts)::int as actor`),
    );
    if (!ids) throw new Error('no demo organisations');
    // Where the middle and the last page of a log start, as the page before hands out.
    const scopes = {
      entity: sql`entity_type = ${ENTITY_TYPE}`,
      agency: sql`agency_id = ${ids.agency}`,
      advertiser: sql`advertiser_id = ${ids.shop}`,
    };
    const rowsIn = async (where: (typeof scopes)[keyof typeof scopes]) =>
      rowsOf<{ n: number }>(
        await db.execute(sql`select count(*)::int as n from activity_logs where ${where}`),
      )[0]?.n ?? 0;
    const cursorAt = async (where: (typeof scopes)[keyof typeof scopes], page: number) => {
      const result = await db.execute(sql`
        select to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as "createdAt", id
        from activity_logs where ${where}
        order by created_at desc, id desc offset ${(page - 1) * PER_PAGE - 1} limit 1`);
      const [row] = rowsOf<{ createdAt: string; id: number | string }>(result);
      if (!row) throw new Error(`no row starts page ${page}`);
      return encodeCursor({ createdAt: row.createdAt, id: Number(row.id), page });
    };
    const filteredRows = await rowsIn(scopes.entity);
    const agencyRows = await rowsIn(scopes.agency);
    const logPages = Math.ceil(filteredRows / PER_PAGE);
    const agencyPages = Math.ceil(agencyRows / PER_PAGE);
    const advertiserPages = Math.ceil((ADVERTISERS + 2) / PER_PAGE);
    const logUrl = `/api/admin/activity-logs?perPage=${PER_PAGE}&entityType=${ENTITY_TYPE}`;
    const middleCursor = await cursorAt(scopes.entity, Math.ceil(logPages / 2));
    const lastCursor = await cursorAt(scopes.entity, logPages);
    const agencyUrl = `/api/agency/activity-logs?perPage=${PER_PAGE}`;
    const agencyMiddle = await cursorAt(scopes.agency, Math.ceil(agencyPages / 2));
    const agencyLast = await cursorAt(scopes.agency, agencyPages);

    // The plan of an organisation's page (the repository's subquery): its index, not a table scan.
    for (const [scope, where] of [
      ['agency', scopes.agency],
      ['advertiser', scopes.advertiser],
    ] as const) {
      const plan = rowsOf<{ 'QUERY PLAN': string }>(
        await db.execute(sql`explain select * from activity_logs where ${where}
          order by created_at desc nulls last, id desc nulls last limit ${PER_PAGE + 1}`),
      ).map((row) => row['QUERY PLAN']);
      const scan = plan.find((line) => /Scan/.test(line))?.trim() ?? plan.join(' | ');
      console.log(`admin-lists: the ${scope}'s log pages with: ${scan}`);
      if (!/Index (Only )?Scan/.test(scan))
        throw new Error(`the ${scope}'s log does not use an index: ${plan.join('\n')}`);
    }

    started = performance.now();
    const cases: [string, () => Promise<void>][] = [
      ['SELECT 1 (baseline)', async () => void (await db.execute(sql`select 1`))],
      ['advertisers, first page', () => get(`/api/admin/advertisers?perPage=${PER_PAGE}&page=1`)],
      [
        'advertisers, middle page',
        () => get(`/api/admin/advertisers?perPage=${PER_PAGE}&page=${Math.ceil(advertiserPages / 2)}`),
      ],
      [
        'advertisers, last page',
        () => get(`/api/admin/advertisers?perPage=${PER_PAGE}&page=${advertiserPages}`),
      ],
      [`activity logs (${ENTITY_TYPE}), first page`, () => get(logUrl)],
      [`activity logs (${ENTITY_TYPE}), middle page`, () => get(`${logUrl}&cursor=${middleCursor}`)],
      [`activity logs (${ENTITY_TYPE}), last page`, () => get(`${logUrl}&cursor=${lastCursor}`)],
      ['activity logs, unfiltered first page', () => get(`/api/admin/activity-logs?perPage=${PER_PAGE}`)],
      ["agency's own log, first page", () => getAs(tokens.agency)(agencyUrl)],
      ["agency's own log, middle page", () => getAs(tokens.agency)(`${agencyUrl}&cursor=${agencyMiddle}`)],
      ["agency's own log, last page", () => getAs(tokens.agency)(`${agencyUrl}&cursor=${agencyLast}`)],
      ["agency's own log, by user", () => getAs(tokens.agency)(`${agencyUrl}&actorAccountId=${ids.actor}`)],
      [
        "advertiser's own log, first page",
        () => getAs(tokens.advertiser)(`/api/advertiser/activity-logs?perPage=${PER_PAGE}`),
      ],
    ];
    const rows: string[][] = [];
    let baseline = 0;
    for (const [label, run] of cases) {
      const stats = await time(run);
      if (!baseline) baseline = stats.median;
      rows.push([
        label,
        `${stats.median.toFixed(2)} ms`,
        `${stats.p95.toFixed(2)} ms`,
        `${(stats.median / baseline).toFixed(1)}x`,
      ]);
    }
    printTable(['case', 'median', 'p95', 'median / SELECT 1'], rows);
    const worst = Math.max(...rows.slice(1).map((r) => Number.parseFloat(r[1] ?? '0')));
    console.log(
      `admin-lists: slowest list page median = ${(worst / baseline).toFixed(1)}x of a SELECT 1 round trip (${worst.toFixed(2)} vs ${baseline.toFixed(2)} ms); ${filteredRows.toLocaleString('en-US')} filtered log rows, ${agencyRows.toLocaleString('en-US')} in the agency's log, timed in ${((performance.now() - started) / 1000).toFixed(0)} s`,
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
