/**
 * Reports on a large data set (issues 16 and 28): 100 million impressions of hourly rollups (1,000
 * campaigns, 90 days) and 10 million raw events on PostgreSQL. Times the advertiser's 30-day
 * report by day and campaign (`getReport`, a page of 25, and the export's full read
 * `reportRows`), the agency's report over its 100 advertisers (`getAgencyReport`, by
 * advertiser and by campaign, by day) and its overview (`getAgencyOverview`, and its integration
 * statuses apart) against `SELECT 1` through the same pool in the same run, prints each report
 * query's plan (`EXPLAIN (ANALYZE, BUFFERS)`), then times a 100,000-row XLSX and CSV export
 * (`writeExport`) against iterating the rows, with peak memory. Without DATABASE_URL it runs on
 * PGlite in memory, with smaller default sizes (35 days, 200 campaigns, 2 million impressions).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:reports
 *   BENCH_DAYS=35 BENCH_CAMPAIGNS=200 BENCH_EVENTS=100000 ... npm run bench:reports   # a quick run
 *   BENCH_KEEP=1 ... npm run bench:reports   # seed `bench_reports` once, reuse and keep it
 *   npm run bench:reports                     # on PGlite
 *
 * bench/README.md describes the output.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createDatabase, type Database, seedReferenceData } from '@rtb/db';
import { agencyReportQuery, reportQuery, shiftDay } from '@rtb/shared';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config';
import { viewStatuses } from '../../apps/api/src/contexts/delivery';
import { advertiserIdsOfAgency } from '../../apps/api/src/contexts/organisations';
import { getAgencyOverview } from '../../apps/api/src/contexts/reporting/agency-overview/get-agency-overview';
import { getAgencyReport } from '../../apps/api/src/contexts/reporting/reports/get-agency-report';
import { getReport, planReport, reportRows } from '../../apps/api/src/contexts/reporting/reports/get-report';
import type { AppDeps } from '../../apps/api/src/core/deps';
import { createAppDeps } from '../../apps/api/src/create-deps';
import { forceExit, positiveInt, printTable } from '../print-table';
import type { ExportMode, ExportResult } from './export';
import { type ReportsBenchSizes, seedReportsBench } from './seed';

const utcToday = new Date().toISOString().slice(0, 10);
const SERVER_URL = process.env.DATABASE_URL;
/** PGlite holds its data in the process's memory: smaller sizes by default. */
const onServer = (postgres: number, pglite: number) => (SERVER_URL ? postgres : pglite);
const sizes: ReportsBenchSizes = {
  days: positiveInt('BENCH_DAYS', onServer(90, 35)),
  campaigns: positiveInt('BENCH_CAMPAIGNS', onServer(1_000, 200)),
  advertisers: positiveInt('BENCH_ADVERTISERS', 200),
  agencyAdvertisers: positiveInt('BENCH_AGENCY_ADVERTISERS', 100),
  slices: positiveInt('BENCH_SLICES', 4),
  impressions: positiveInt('BENCH_IMPRESSIONS', onServer(100_000_000, 2_000_000)),
  events: positiveInt('BENCH_EVENTS', onServer(10_000_000, 100_000)),
  end: utcToday,
};
const REPORT_DAYS = positiveInt('BENCH_REPORT_DAYS', 30);
const SAMPLES = positiveInt('BENCH_SAMPLES', 20);
const WARMUP = 2;
const EXPORT_ROWS = positiveInt('BENCH_EXPORT_ROWS', 100_000);
const KEEP = process.env.BENCH_KEEP === '1';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)] ?? Number.NaN;
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const load = () => loadavg()[0]?.toFixed(1) ?? '?';

async function adminQuery(serverUrl: string, text: string): Promise<unknown[]> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return (await client.query(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * A database on the PostgreSQL server: a fresh one (dropped at the end), or with BENCH_KEEP=1
 * `bench_reports`, kept. The app's pool and limits for the reports; a pool without the statement
 * timeout for the load.
 */
async function serverDatabase(serverUrl: string) {
  const name = KEEP ? 'bench_reports' : `bench_reports_${process.pid}`;
  const exists =
    (await adminQuery(serverUrl, `select 1 from pg_database where datname = '${name}'`)).length > 0;
  if (!exists) await adminQuery(serverUrl, `create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    app: createDatabase({ url: url.toString() }),
    loader: createDatabase({ url: url.toString(), poolSize: 3, timeouts: { statementMs: 3_600_000 } }),
    drop: async () => {
      if (!KEEP) await adminQuery(serverUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/** PGlite in memory, or with BENCH_KEEP=1 in a data directory under the temporary folder, kept. */
function pgliteDatabase() {
  const dataDir = KEEP ? join(tmpdir(), 'rtb-bench-reports-pglite') : undefined;
  const handle = createDatabase(dataDir ? { dataDir } : {});
  return { name: dataDir ?? 'PGlite in memory', app: handle, loader: handle, drop: async () => {} };
}

/**
 * The bench's database, migrated with the app's migrations; `seeded` are the sizes of the data it
 * already holds (a kept one), reused when they are the same.
 */
async function openDatabase(serverUrl: string | undefined) {
  const { name, app, loader, drop } = serverUrl ? await serverDatabase(serverUrl) : pgliteDatabase();
  await app.migrate();
  await loader.db.execute(sql`create table if not exists bench_reports_sizes (sizes jsonb not null)`);
  const [seeded] = rowsOf<{ sizes: ReportsBenchSizes }>(
    await loader.db.execute(sql`select sizes from bench_reports_sizes`),
  );
  const close = async () => {
    await Promise.all([...new Set([app, loader])].map((handle) => handle.close()));
    await drop();
  };
  return { name, app, loader, seeded: seeded?.sizes ?? null, close };
}

/** Median and p95 of `samples` runs after the warm-ups. */
async function time(run: () => Promise<unknown>): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/** The deps with a `db` that keeps every raw statement it runs (the reports' queries), to explain them. */
function recording(deps: AppDeps): { deps: AppDeps; statements: SQL[] } {
  const statements: SQL[] = [];
  const db = new Proxy(deps.db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver);
      return (query: SQL) => {
        statements.push(query);
        return target.execute(query);
      };
    },
  }) as Database;
  return { deps: { ...deps, db }, statements };
}

/** The plan of each rollup query a case runs, its top lines (and its scans). */
async function explain(db: Database, label: string, statements: SQL[]): Promise<void> {
  const dialect = (db as unknown as { dialect: { sqlToQuery(q: SQL): { sql: string } } }).dialect;
  for (const statement of statements) {
    const text = dialect.sqlToQuery(statement).sql;
    if (!/stats_(campaign_)?(hourly|daily)/.test(text)) continue;
    const what = /count\(\*\) over/.test(text)
      ? 'grouped rows'
      : /group by scope.currency/.test(text)
        ? 'totals'
        : /select distinct/.test(text)
          ? 'keys'
          : 'query';
    const plan = rowsOf<{ 'QUERY PLAN': string }>(
      await db.execute(sql`explain (analyze, buffers) ${statement}`),
    ).map((row) => row['QUERY PLAN']);
    const top = plan.slice(0, 6);
    const rest = plan
      .slice(6)
      .filter((line) => /Scan|Execution Time|Sort Method|Buffers: shared hit=\d+ read/.test(line));
    console.log(`\nplan of ${label}: ${what}`);
    for (const line of [...top, ...(rest.length ? ['  ...', ...rest.slice(-6)] : [])])
      console.log(`  ${line.length > 160 ? `${line.slice(0, 157)}...` : line}`);
  }
}

/** One export measurement in a process of its own (bench/reports/export.ts). */
async function exportRun(mode: ExportMode, file: string): Promise<ExportResult> {
  const script = fileURLToPath(new URL('./export.ts', import.meta.url));
  const { stdout } = await promisify(execFile)(
    process.execPath,
    ['--import', 'tsx', script, mode, String(EXPORT_ROWS), file],
    { maxBuffer: 1024 * 1024 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as ExportResult;
}

async function main(): Promise<void> {
  const database = await openDatabase(SERVER_URL);
  try {
    let s = sizes;
    const { seeded } = database;
    const same =
      seeded &&
      Object.entries(sizes).every(([k, v]) => k === 'end' || seeded[k as keyof ReportsBenchSizes] === v);
    if (same) {
      s = seeded;
      console.log(`reports: reusing ${database.name}, seeded up to ${s.end}`);
    } else {
      if (seeded)
        throw new Error(`${database.name} holds other sizes (${JSON.stringify(seeded)}): drop it first`);
      console.log(`reports: seeding ${database.name} (${JSON.stringify(sizes)}), load ${load()}`);
      const started = performance.now();
      await seedReferenceData(database.loader.db);
      await seedReportsBench(database.loader.db, sizes, (line) => console.log(`  ${line}, load ${load()}`));
      await database.loader.db.execute(
        sql`insert into bench_reports_sizes values (${JSON.stringify(sizes)})`,
      );
      console.log(`reports: seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
    const { db } = database.app;
    const [facts] = rowsOf<Record<string, string>>(
      await db.execute(sql`select
        (select count(*) from stats_hourly) as rollup_rows, (select sum(impressions) from stats_hourly) as impressions,
        (select count(*) from stats_campaign_hourly) as campaign_hours, (select count(*) from stats_campaign_daily) as campaign_days,
        (select count(*) from delivery_events) as events,
        pg_size_pretty(pg_total_relation_size('stats_hourly')) as rollup_size,
        (select pg_size_pretty(sum(pg_total_relation_size(inhrelid))) from pg_inherits where inhparent = 'delivery_events'::regclass) as events_size,
        (select id from agencies where name = 'Demo Agency') as agency,
        (select min(id) from advertisers where code like 'BENCH%') as advertiser,
        (select count(*) from advertisers a join agencies g on g.id = a.agency_id and g.name = 'Demo Agency') as agency_advertisers,
        (select count(*) from campaigns c join advertisers a on a.id = c.advertiser_id and a.code = 'BENCH1') as campaigns_of_one,
        current_setting('shared_buffers') as shared_buffers, current_setting('work_mem') as work_mem`),
    );
    if (!facts) throw new Error('no data');
    // Each partition of the raw events carries the parent's indexes, as the app's own would.
    const [partitions] = rowsOf<{ parent: string; least: string }>(
      await db.execute(sql`select (select count(*) from pg_indexes where tablename = 'delivery_events') as parent,
        (select min((select count(*) from pg_indexes x where x.tablename = c.relname)) from pg_inherits i
         join pg_class c on c.oid = i.inhrelid where i.inhparent = 'delivery_events'::regclass) as least`),
    );
    if (partitions?.parent !== partitions?.least)
      throw new Error(`a partition of delivery_events lacks indexes: ${JSON.stringify(partitions)}`);
    console.log(
      `reports (${database.name}): ${fmt(Number(facts.rollup_rows))} rollup rows (${facts.rollup_size}) of ${fmt(Number(facts.impressions))} impressions, ${fmt(Number(facts.campaign_hours))} campaign hours, ${fmt(Number(facts.campaign_days))} campaign days; ${fmt(Number(facts.events))} raw events (${facts.events_size}); shared_buffers ${facts.shared_buffers}, work_mem ${facts.work_mem}`,
    );

    const deps = createAppDeps({ db, config: loadConfig({ LOG_LEVEL: 'silent' }) }, () => console);
    const to = shiftDay(s.end, -1);
    const from = shiftDay(to, 1 - REPORT_DAYS);
    const advertiserId = Number(facts.advertiser);
    const agencyId = Number(facts.agency);
    const advertiserQuery = reportQuery.parse({
      from,
      to,
      time: 'day',
      by: 'campaign',
      page: 1,
      perPage: 25,
    });
    const agencyQuery = (by: 'advertiser' | 'campaign') =>
      agencyReportQuery.parse({ from, to, time: 'day', by, page: 1, perPage: 25 });
    const exportRead = async (d: AppDeps) => {
      const plan = await planReport(d, advertiserId, advertiserQuery, new Date());
      return (await reportRows(d, plan, advertiserQuery)).rows.length;
    };
    const cases: [string, (d: AppDeps) => Promise<unknown>][] = [
      ['SELECT 1 (baseline)', (d) => d.db.execute(sql`select 1`)],
      [
        `advertiser: getReport, ${REPORT_DAYS} days by day x campaign, page of 25`,
        (d) => getReport(d, advertiserId, advertiserQuery),
      ],
      [`advertiser: export's read, every row (reportRows)`, exportRead],
      [
        `agency: getAgencyReport, by day x advertiser, page of 25`,
        (d) => getAgencyReport(d, agencyId, agencyQuery('advertiser')),
      ],
      [
        `agency: getAgencyReport, by day x campaign, page of 25`,
        (d) => getAgencyReport(d, agencyId, agencyQuery('campaign')),
      ],
      [`agency: getAgencyOverview, a row per advertiser`, (d) => getAgencyOverview(d, agencyId)],
      [
        `agency: the overview's integration statuses (viewStatuses)`,
        async (d) => viewStatuses(d, await advertiserIdsOfAgency(d, agencyId)),
      ],
    ];
    const report = await getReport(deps, advertiserId, advertiserQuery);
    const byCampaign = await getAgencyReport(deps, agencyId, agencyQuery('campaign'));
    console.log(
      `reports: ${from}..${to}; advertiser ${advertiserId} (${facts.campaigns_of_one} campaigns): ${report.rows.meta.total} rows, ${fmt(report.totals.impressions)} impressions; agency ${agencyId} (${facts.agency_advertisers} advertisers): ${byCampaign.rows.meta.total} campaign-day rows, ${fmt(byCampaign.totals.reduce((n, t) => n + t.impressions, 0))} impressions`,
    );

    for (const [label, run] of cases.slice(1)) {
      const traced = recording(deps);
      await run(traced.deps);
      await explain(db, label, traced.statements);
    }

    console.log(`\n${SAMPLES} samples per case after ${WARMUP} warm-ups, load ${load()}`);
    const rows: string[][] = [];
    let baseline = 0;
    for (const [label, run] of cases) {
      const stats = await time(() => run(deps));
      if (!baseline) baseline = stats.p50;
      rows.push([
        label,
        `${stats.p50.toFixed(2)} ms`,
        `${stats.p95.toFixed(2)} ms`,
        `${(stats.p50 / baseline).toFixed(1)}x`,
      ]);
    }
    printTable(['case', 'p50', 'p95', 'p50 / SELECT 1'], rows);
    console.log(`load ${load()}`);

    const folder = await mkdtemp(join(tmpdir(), 'rtb-bench-reports-'));
    try {
      const results = new Map<ExportMode, ExportResult>();
      for (const mode of ['iterate', 'csv', 'xlsx'] as const)
        results.set(mode, await exportRun(mode, join(folder, `report.${mode}`)));
      const base = results.get('iterate') as ExportResult;
      console.log(
        `\n${fmt(EXPORT_ROWS)}-row export (18 columns), rows in memory first (RSS ${base.rssBeforeMb.toFixed(0)} MB, heap ${base.heapBeforeMb.toFixed(0)} MB before the pass)`,
      );
      printTable(
        [
          'run',
          'seconds',
          'rows/s',
          'file MB',
          'peak RSS MB',
          'peak heap MB',
          'RSS over before',
          'time / iterate',
        ],
        [...results].map(([mode, r]) => [
          mode === 'iterate' ? 'iterate the rows (baseline)' : `writeExport ${mode}`,
          r.seconds.toFixed(2),
          fmt(EXPORT_ROWS / r.seconds),
          (r.bytes / 1e6).toFixed(1),
          r.peakRssMb.toFixed(0),
          r.peakHeapMb.toFixed(0),
          `+${(r.peakRssMb - r.rssBeforeMb).toFixed(0)} MB`,
          `${(r.seconds / base.seconds).toFixed(1)}x`,
        ]),
      );
      const xlsx = results.get('xlsx') as ExportResult;
      const csv = results.get('csv') as ExportResult;
      const slowest = rows
        .slice(1)
        .reduce((a, b) => (Number.parseFloat(a[1] ?? '0') >= Number.parseFloat(b[1] ?? '0') ? a : b));
      console.log(
        `\nreports: slowest report p50 = ${slowest[3]} of SELECT 1 (${slowest[0]}: ${slowest[1]} vs ${baseline.toFixed(2)} ms); ${fmt(EXPORT_ROWS)}-row XLSX ${xlsx.seconds.toFixed(1)} s = ${(xlsx.seconds / csv.seconds).toFixed(1)}x of CSV, peak RSS ${xlsx.peakRssMb.toFixed(0)} MB; load ${load()}`,
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  } finally {
    await database.close();
  }
}

main().then(forceExit, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
  forceExit();
});
