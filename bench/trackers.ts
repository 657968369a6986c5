/**
 * Billing notices per second through the real trackers (issue 14), each counted exactly once,
 * against a bare Fastify route doing one `INSERT ... ON CONFLICT DO NOTHING` per request, with
 * the same load generator in the same run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:trackers   # a temporary database there
 *   npm run bench:trackers                                                        # PGlite in memory
 *   NATS_URL=nats://127.0.0.1:4222 DATABASE_URL=... npm run bench:trackers        # the event log on JetStream
 *
 * The trackers are the bidder's (`buildBidder`: group commit, event keys, rollups, the ledger's
 * spend, the live index following `delivery_changed`) on the demo data, answering
 * `GET /rtb/bill?t=<signed token>&p=<cpm>` for distinct bids of one campaign of Demo Shop, of
 * which BENCH_DUPLICATES percent (20) are retries of a recent notice. Each answer comes after its
 * batch committed. The baseline gets the same URLs and inserts the token's signature into a
 * table with a text primary key, on a pool of its own of the same size. Afterwards the database
 * must hold one impression per distinct bid sent, and the ledger's spend must equal the rollups.
 *
 * The servers run in a child process, so the load generator never shares their event loop.
 * BENCH_SECONDS (default 5) per measured run after a 1 s warm-up, BENCH_CONNECTIONS (default 32);
 * the two targets alternate over 2 rounds; BENCH_PROFILE=<dir> writes the servers' CPU profile there.
 * bench/README.md describes the output.
 */
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createTestApp, type TestApp } from '@rtb/api/test-harness';
import { buildBidder, loadBidderConfig, MemoryBudgetStore } from '@rtb/bidder';
import { advertisers, banners, type DatabaseHandle, demoAccounts } from '@rtb/db';
import { localTime } from '@rtb/rtb';
import autocannon, { type Result } from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { type BidToken, BidTokens } from '../apps/bidder/src/bid-token';
import { deleteEventStreams } from '../apps/bidder/src/test/event-streams';
import { alternatingRounds, meanRun } from './alternating-rounds';
import { cpuPerRequest, cpuReading } from './cpu-time';
import { forceExit, positiveInt, printTable } from './print-table';
import { baselineQuery, forkServers } from './servers-process';

const seconds = positiveInt('BENCH_SECONDS', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 32);
const duplicatePercent = positiveInt('BENCH_DUPLICATES', 20);
const ROUNDS = 2;
const WARMUP_SECONDS = 1;
/** `createTestDatabase`'s pool on PostgreSQL: the baseline gets a pool of the same size. */
const POOL_SIZE = 20;
const SIGNING_KEY = 'bench-trackers-signing-key-of-at-least-32-characters';
/** Retries pick one of the last this many notices (some still in flight: concurrent copies). */
const RECENT = 1000;

/** What the bench's bids are of. */
interface Campaign {
  shopId: number;
  campaignId: number;
  bannerId: number;
  today: string;
}

/** Database totals after the run (bigint sums as decimal strings). */
interface Totals {
  baselineRows: string;
  impressions: string;
  costMicros: string;
  hourlyImpressions: string;
  hourlySpendMicros: string;
  dailyImpressions: string;
  dailySpendMicros: string;
  spendBatchMicros: string;
  chargedMinor: string;
  unpostedMicros: string;
  microsPerMinor: string;
}

type ToServer = { kind: 'totals' } | { kind: 'fold' };
type FromServer =
  | ({ kind: 'ready'; trackers: number; baseline: number; dbKind: string; setupMs: number } & Campaign)
  | { kind: 'folded'; ms: number }
  | ({ kind: 'totals' } & Totals);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** A campaign of Demo Shop with one approved banner, as its advertiser creates it, and 10,000 PLN on its balance. */
async function demoCampaign(t: TestApp): Promise<Campaign> {
  const { db } = t.database;
  const [shop] = await db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
  if (!shop) throw new Error('no Demo Shop');
  const today = localTime(new Date(), shop.timeZone).day;
  const [banner] = await db
    .insert(banners)
    .values({
      advertiserId: shop.id,
      name: 'Bench banner',
      type: 'image',
      status: 'approved',
      width: 300,
      height: 250,
      mimeType: 'image/png',
      fileSize: 1234,
      landingUrl: 'https://demo-shop.example.com/sale',
      assetKey: randomBytes(16).toString('hex'),
      assetEntry: 'banner.png',
    })
    .returning({ id: banners.id });
  const advertiser = await t.loginAs(
    'advertiser',
    demoAccounts.advertiser.login,
    demoAccounts.advertiser.password,
  );
  const created = await t.call({
    method: 'POST',
    url: '/api/advertiser/campaigns',
    token: advertiser,
    payload: {
      name: 'Bench trackers',
      startDate: today,
      endDate: null,
      totalBudget: 1_000_000,
      dailyBudget: 500_000,
      maxCpm: 250,
      bannerIds: [banner?.id],
    },
  });
  if (created.status !== 201) throw new Error(`campaign: ${created.status} ${JSON.stringify(created.body)}`);
  const admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const topUp = await t.call({
    method: 'POST',
    url: `/api/admin/advertisers/${shop.id}/top-ups`,
    token: admin,
    headers: { 'idempotency-key': randomBytes(16).toString('hex') },
    payload: { type: 'manual_top_up', amount: 1_000_000, reason: 'Bench' },
  });
  if (topUp.status >= 300) throw new Error(`top-up: ${topUp.status} ${JSON.stringify(topUp.body)}`);
  return {
    shopId: shop.id,
    campaignId: created.body.data.campaign.id,
    bannerId: banner?.id as number,
    today,
  };
}

/**
 * The baseline: `GET /rtb/bill` inserts the token's signature (22 characters, one per distinct
 * token, like the trackers' `impression:<bid>` key) with one autocommitted statement on a pool
 * of its own (PostgreSQL), or on the one connection there is (PGlite).
 */
async function baselineServer(database: DatabaseHandle) {
  await database.db.execute(sql`create table bench_notices (key text primary key)`);
  const { query, end } = await baselineQuery(database, POOL_SIZE);
  const insert = (key: string) =>
    query('bench-notice', 'insert into bench_notices (key) values ($1) on conflict do nothing', [key]);
  const app: FastifyInstance = Fastify({ logger: false });
  app.get('/rtb/bill', async (request, reply) => {
    const { t } = request.query as Record<string, unknown>;
    if (typeof t !== 'string') return reply.code(400).send();
    await insert(t.slice(t.lastIndexOf('.') + 1));
    return reply.header('cache-control', 'no-store').send();
  });
  return {
    app,
    async close() {
      await app.close();
      await end();
    },
  };
}

/** What the database holds after the run: the baseline's rows, the impressions, their rollups and the ledger's spend. */
async function totalsOf(database: DatabaseHandle, c: Campaign): Promise<Totals> {
  const one = async (query: ReturnType<typeof sql>) =>
    (rowsOf<Record<string, unknown>>(await database.db.execute(query))[0] ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => String(v ?? 0);
  const events = await one(sql`
    select count(*) as n, coalesce(sum(cost_micros), 0) as cost from delivery_events
    where kind = 'impression' and invalid_reason is null and campaign_id = ${c.campaignId}`);
  const hourly = await one(sql`
    select coalesce(sum(impressions), 0) as n, coalesce(sum(spend_micros), 0) as spend from stats_hourly
    where campaign_id = ${c.campaignId}`);
  const daily = await one(sql`
    select coalesce(sum(impressions), 0) as n, coalesce(sum(spend_micros), 0) as spend from campaign_daily_stats
    where campaign_id = ${c.campaignId}`);
  // Each spend batch as posted (micro-units), and what was debited of it (minor units) plus what waits.
  const batches = await one(sql`
    select coalesce(sum((details->>'mediaMicros')::bigint + (details->>'marginMicros')::bigint
                        + (details->>'commissionMicros')::bigint), 0) as micros
    from ledger_transactions where type = 'spend' and advertiser_id = ${c.shopId}`);
  const charged = await one(sql`
    select coalesce(-sum(e.amount), 0) as minor from ledger_entries e
    join ledger_transactions x on x.id = e.transaction_id
    where x.type = 'spend' and x.advertiser_id = ${c.shopId} and e.amount < 0`);
  const account = await one(sql`
    select a.unposted_spend_micros as unposted, 10 ^ (6 - c.minor_units) as per_minor
    from ledger_accounts a join currencies c on c.id = a.currency_id
    where a.advertiser_id = ${c.shopId} and a.purpose = 'balance'`);
  const baseline = await one(sql`select count(*) as n from bench_notices`);
  return {
    baselineRows: text(baseline.n),
    impressions: text(events.n),
    costMicros: text(events.cost),
    hourlyImpressions: text(hourly.n),
    hourlySpendMicros: text(hourly.spend),
    dailyImpressions: text(daily.n),
    dailySpendMicros: text(daily.spend),
    spendBatchMicros: text(batches.micros),
    chargedMinor: text(charged.minor),
    unpostedMicros: text(account.unposted),
    microsPerMinor: text(account.per_minor),
  };
}

/** The child: the database, the bidder with its trackers, and the baseline, each on a port of its own. */
async function serve() {
  const started = performance.now();
  const t = await createTestApp({ demo: true });
  const campaign = await demoCampaign(t);
  const logger = pino({ level: 'silent' });
  // With NATS_URL the event log is a JetStream stream of the run's own, deleted after it.
  const stream = `BENCH_${randomBytes(6).toString('hex')}`;
  const bidder = await buildBidder({
    deps: t.deps,
    database: t.database,
    store: new MemoryBudgetStore(),
    // The bidder's own settings (RTB_*) as the environment gives them: a run can try another.
    config: loadBidderConfig({
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('RTB_'))),
      PUBLIC_URL: 'http://127.0.0.1:8080',
      RTB_SIGNING_KEY: SIGNING_KEY,
      ...(process.env.NATS_URL ? { NATS_URL: process.env.NATS_URL, RTB_NATS_STREAM: stream } : {}),
    }),
    logger,
  });
  const baseline = await baselineServer(t.database);
  const listen = async (app: FastifyInstance) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as AddressInfo).port;
  };
  // Stopped early (the load generator failed): the temporary database is dropped all the same.
  process.once('SIGTERM', () => t.close().finally(() => process.exit(1)));
  process.on('message', async (message: ToServer) => {
    if (message.kind === 'fold') {
      // What the run acknowledged and the folder had not caught up with.
      const foldStarted = performance.now();
      await bidder.folded();
      process.send?.({ kind: 'folded', ms: performance.now() - foldStarted } satisfies FromServer);
      return;
    }
    // Every notice was answered, so appended: fold it all (on JetStream closing folds nothing),
    // then closing answers what is in flight: nothing sent is left out.
    await bidder.folded();
    await bidder.close();
    await baseline.close();
    process.send?.({ kind: 'totals', ...(await totalsOf(t.database, campaign)) } satisfies FromServer);
    await deleteEventStreams(stream);
    await t.close();
    process.exit(0);
  });
  process.send?.({
    kind: 'ready',
    trackers: await listen(bidder.app),
    baseline: await listen(baseline.app),
    dbKind:
      (t.database.kind === 'postgres' ? 'PostgreSQL (temporary database)' : 'PGlite (in memory)') +
      (process.env.NATS_URL ? ', event log on NATS JetStream' : ''),
    setupMs: performance.now() - started,
    ...campaign,
  } satisfies FromServer);
}

const DOMAINS = ['news.example', 'sport.example', 'weather.example', 'recipes.example', 'cars.example'];
const COUNTRIES = ['PL', 'DE', 'GB'];

/**
 * The notices sent to one target: each a new bid's billing notice, or (BENCH_DUPLICATES
 * percent) the very URL of a recent one again, as an exchange retries. Counts the distinct bids.
 */
function noticeStream(tokens: BidTokens, c: Campaign) {
  const bids = new Set<string>();
  const recent: string[] = [];
  let sent = 0;
  let serial = 0;
  const fresh = (): string => {
    serial++;
    const token: BidToken = {
      bid: randomBytes(16).toString('base64url'),
      adv: c.shopId,
      cmp: c.campaignId,
      crt: c.bannerId,
      ts: Date.now(),
      day: c.today,
      cur: 'PLN',
      max: 2_000,
      fx: '100000000',
      acur: 'PLN',
      mbps: 1_000,
      cbps: 1_500,
      res: 2_667,
      usr: null,
      geo: COUNTRIES[serial % COUNTRIES.length] as string,
      dev: serial % 3 ? 'desktop' : 'mobile',
      dom: DOMAINS[serial % DOMAINS.length] as string,
      fq: null,
      fqx: 0,
      test: false,
    };
    bids.add(token.bid);
    // A clearing CPM between 0.50 and 2.00 PLN (our bid is 2.00).
    return `/rtb/bill?t=${tokens.sign(token)}&p=${(0.5 + (serial % 151) / 100).toFixed(2)}`;
  };
  return {
    bids,
    get sent() {
      return sent;
    },
    next(): string {
      sent++;
      if (recent.length && Math.random() * 100 < duplicatePercent)
        return recent[Math.floor(Math.random() * recent.length)] as string;
      const path = fresh();
      if (recent.push(path) > RECENT) recent.shift();
      return path;
    },
  };
}

type NoticeStream = ReturnType<typeof noticeStream>;

interface Run {
  rps: number;
  /** Notices per second counting the fold of the run's backlog after it (the rate the records keep up with). */
  sustained: number;
  /** How long the backlog the run left in the event log took to fold. */
  foldMs: number;
  /** New bids per second (the rest were retries). */
  fresh: number;
  avg: number;
  p50: number;
  p99: number;
  requests: number;
  load: number;
  /** CPU microseconds per request (the fold after included) of the server process, the stores (PostgreSQL, NATS) and the load generator. */
  cpuServer: number;
  cpuStores: number;
  cpuDriver: number;
}

async function measure(
  label: string,
  port: number,
  stream: NoticeStream,
  duration: number,
  folded: () => Promise<number>,
  serverPid: number,
): Promise<Run> {
  const before = stream.bids.size;
  const cpuBefore = cpuReading(serverPid);
  const result: Result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [{ method: 'GET', setupRequest: (request) => ({ ...request, path: stream.next() }) }],
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 || result['2xx'] === 0)
    throw new Error(
      `${label}: ${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  const foldMs = await folded();
  const cpu = cpuPerRequest(cpuBefore, cpuReading(serverPid), result.requests.total);
  return {
    rps: result.requests.total / result.duration,
    sustained: result.requests.total / (result.duration + foldMs / 1000),
    foldMs,
    fresh: (stream.bids.size - before) / result.duration,
    avg: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    load: loadavg()[0] ?? 0,
    cpuServer: cpu.server,
    cpuStores: cpu.stores,
    cpuDriver: cpu.driver,
  };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const int = (n: number | bigint) => n.toLocaleString('en-US');
const ms = (n: number, digits = 0) => `${n.toFixed(digits)} ms`;
const µs = (n: number) => `${Math.round(n)} µs`;

/** The checks of the totals: each a label and whether it holds. */
function checksOf(totals: Totals, sent: { trackers: number; baseline: number }): [string, boolean][] {
  const n = (key: keyof Totals) => BigInt(totals[key]);
  const cost = n('costMicros');
  return [
    [
      `impressions ${int(n('impressions'))} = distinct bids sent ${int(sent.trackers)}`,
      n('impressions') === BigInt(sent.trackers),
    ],
    [
      `hourly and daily rollups count them (${int(n('hourlyImpressions'))}, ${int(n('dailyImpressions'))})`,
      n('hourlyImpressions') === n('impressions') && n('dailyImpressions') === n('impressions'),
    ],
    [
      `rollups' spend = the impressions' cost (${int(cost)} micro-units)`,
      n('hourlySpendMicros') === cost && n('dailySpendMicros') === cost,
    ],
    [
      `ledger spend batches = the rollups' spend (${int(n('spendBatchMicros'))})`,
      n('spendBatchMicros') === cost,
    ],
    [
      `ledger debits ${int(n('chargedMinor'))} minor units x ${int(n('microsPerMinor'))} + ${int(n('unpostedMicros'))} carried = the rollups' spend`,
      n('chargedMinor') * n('microsPerMinor') + n('unpostedMicros') === cost,
    ],
    [
      `baseline rows ${int(n('baselineRows'))} = distinct keys sent ${int(sent.baseline)}`,
      n('baselineRows') === BigInt(sent.baseline),
    ],
  ];
}

/** The parent: the load generator. */
async function drive() {
  const { child, exited, next } = forkServers<FromServer>(import.meta.url);
  let done = false;
  try {
    const ready = await next();
    if (ready.kind !== 'ready') throw new Error('the servers did not start');
    console.log(
      `trackers: ${ready.dbKind}, set up in ${(ready.setupMs / 1000).toFixed(1)} s; ${connections} connections, ` +
        `${WARMUP_SECONDS} s warm-up + ${seconds} s per run, ${ROUNDS} rounds; ${duplicatePercent}% of notices are retries`,
    );
    const tokens = new BidTokens(SIGNING_KEY);
    const targets = {
      baseline: { label: 'INSERT per request', port: ready.baseline, stream: noticeStream(tokens, ready) },
      trackers: { label: 'trackers /rtb/bill', port: ready.trackers, stream: noticeStream(tokens, ready) },
    };
    type Target = keyof typeof targets;
    const rows: string[][] = [];
    const row = (round: string, label: string, r: Run) => [
      round,
      label,
      int(Math.round(r.rps)),
      int(Math.round(r.sustained)),
      ms(r.foldMs),
      int(Math.round(r.fresh)),
      ms(r.avg, 2),
      ms(r.p50, round === 'mean' ? 1 : 0),
      ms(r.p99, round === 'mean' ? 1 : 0),
      int(r.requests),
      µs(r.cpuServer),
      µs(r.cpuStores),
      µs(r.cpuDriver),
      r.load.toFixed(2),
    ];
    // After a trackers run the servers fold its backlog before anything else is measured.
    const folded = async () => {
      child.send({ kind: 'fold' } satisfies ToServer);
      const answer = await next();
      if (answer.kind !== 'folded') throw new Error('no fold from the server');
      return answer.ms;
    };
    const runs = await alternatingRounds({
      targets: ['baseline', 'trackers'] as const,
      rounds: ROUNDS,
      warmupSeconds: WARMUP_SECONDS,
      seconds,
      measure: (target, duration) =>
        measure(
          targets[target].label,
          targets[target].port,
          targets[target].stream,
          duration,
          target === 'trackers' ? folded : async () => 0,
          child.pid as number,
        ),
      onRun: (round, target, run) => rows.push(row(String(round), targets[target].label, run)),
    });
    for (const target of Object.keys(targets) as Target[])
      rows.push(row('mean', targets[target].label, meanRun(runs[target], ['requests'])));
    printTable(
      [
        'round',
        'target',
        'notices/s',
        'with fold/s',
        'fold after',
        'new bids/s',
        'latency avg',
        'p50',
        'p99',
        'requests',
        'CPU: server',
        'PG + NATS',
        'load gen.',
        'load 1m',
      ],
      rows,
      2,
    );

    child.send({ kind: 'totals' } satisfies ToServer);
    const totals = await next();
    if (totals.kind !== 'totals') throw new Error('no totals from the server');
    const checks = checksOf(totals, {
      trackers: targets.trackers.stream.bids.size,
      baseline: targets.baseline.stream.bids.size,
    });
    for (const [label, ok] of checks) console.log(`check: ${label}: ${ok ? 'ok' : 'FAILED'}`);
    const trackers = mean(runs.trackers.map((r) => r.rps));
    const sustained = mean(runs.trackers.map((r) => r.sustained));
    const baseline = mean(runs.baseline.map((r) => r.rps));
    const failed = checks.filter(([, ok]) => !ok).length;
    console.log(
      `trackers: billing notices = ${(trackers / baseline).toPrecision(2)}x of one INSERT per request ` +
        `(${int(Math.round(trackers))} vs ${int(Math.round(baseline))} per second, ${duplicatePercent}% retries), ` +
        `${(sustained / baseline).toPrecision(2)}x with each run's backlog folded; ` +
        `${int(targets.trackers.stream.sent)} notices of ${int(targets.trackers.stream.bids.size)} bids, ` +
        `${failed ? `${failed} checks FAILED` : 'each counted once'}`,
    );
    const cpu = (target: Target) => {
      const m = meanRun(runs[target], ['requests']);
      return { server: m.cpuServer, stores: m.cpuStores, both: m.cpuServer + m.cpuStores };
    };
    const [t, b] = [cpu('trackers'), cpu('baseline')];
    console.log(
      `trackers: CPU per notice ${µs(t.both)} (server ${µs(t.server)}, PostgreSQL and NATS ${µs(t.stores)}) ` +
        `against ${µs(b.both)} per INSERT request (server ${µs(b.server)}, PostgreSQL ${µs(b.stores)}): ` +
        `${(b.both / t.both).toPrecision(2)}x as cheap`,
    );
    if (failed) process.exitCode = 1;
    // The child drops the temporary database before it exits.
    await exited;
    done = true;
  } finally {
    if (!done) child.kill();
  }
}

if (process.argv[2] === 'serve') await serve();
else
  drive().then(forceExit, (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
    forceExit();
  });
