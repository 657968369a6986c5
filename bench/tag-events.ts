/**
 * Shop tag events per second through the bidder's events endpoint (issue 15), each recorded
 * exactly once, against a bare Fastify route doing one `INSERT ... ON CONFLICT DO NOTHING` per
 * event, with the same load generator in the same run.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:tag-events   # a temporary database there
 *   npm run bench:tag-events                                                        # PGlite in memory
 *
 * The endpoint is the bidder's (`buildBidder`: `POST /rtb/events` and the image fallback
 * `GET /rtb/events?d=`, the tag's group commit into `tag_events`, conversions from transactions)
 * on the demo data, with Demo Shop's tag key as its advertiser gets it. The beacons are a shop's
 * traffic as tag.js sends it: mostly one event per page view, some several at once, 1% of the
 * events transactions (conversions), and BENCH_DUPLICATES percent (10) of the beacons the very
 * request of a recent one again. Each answer comes after its batch committed. The baseline gets
 * the same beacons in the same order and inserts each event of a beacon, one autocommitted
 * statement after another, into a table keyed by the event, on a pool of its own of the same
 * size. Afterwards the database must hold one row per distinct event sent, and one conversion
 * per distinct order.
 *
 * The servers run in a child process, so the load generator never shares their event loop.
 * BENCH_SECONDS (default 5) per measured run after a 1 s warm-up, BENCH_CONNECTIONS (default 32);
 * the two targets alternate over 2 rounds; BENCH_PROFILE=<dir> writes the servers' CPU profile there.
 * bench/README.md describes the output.
 */
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { createTestApp } from '@rtb/api/test-harness';
import { buildBidder, loadBidderConfig, MemoryBudgetStore } from '@rtb/bidder';
import { advertisers, type DatabaseHandle, demoAccounts } from '@rtb/db';
import autocannon, { type Result } from 'autocannon';
import { eq, sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance } from 'fastify';
import pino from 'pino';
import { createRandom, type Random } from '../apps/simulator/src/random';
import { alternatingRounds, meanRun } from './alternating-rounds';
import { forceExit, positiveInt, printTable } from './print-table';
import { baselineQuery, forkServers } from './servers-process';

const seconds = positiveInt('BENCH_SECONDS', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 32);
const duplicatePercent = positiveInt('BENCH_DUPLICATES', 10);
const ROUNDS = 2;
const WARMUP_SECONDS = 1;
/** `createTestDatabase`'s pool on PostgreSQL: the baseline gets a pool of the same size. */
const POOL_SIZE = 20;
const SIGNING_KEY = 'bench-tag-events-signing-key-of-at-least-32-characters';
/** Both targets get the same beacons in the same order: one seed. */
const SEED = 15;
/** Resent beacons repeat one of the last this many (some still in flight: concurrent copies). */
const RECENT = 1000;

/** Events per beacon: a page view sends one; a page with a basket, or events held until consent, more (tag.js sends at most 20). */
const BATCH_SIZES: { weight: number; value: [min: number, max: number] }[] = [
  { weight: 85, value: [1, 1] },
  { weight: 8, value: [2, 2] },
  { weight: 4, value: [3, 5] },
  { weight: 3, value: [6, 20] },
];
/** The events' types: product pages most, a transaction for 1 event in 100. */
const EVENT_TYPES = [
  { weight: 45, value: 'viewItem' },
  { weight: 20, value: 'viewList' },
  { weight: 12, value: 'viewHome' },
  { weight: 12, value: 'addToCart' },
  { weight: 10, value: 'viewBasket' },
  { weight: 1, value: 'trackTransaction' },
] as const;
/** Of the transactions, this share is an order's thank-you page loaded again: a new event of a known order. */
const RELOADED_ORDER = 0.1;
/** Of the beacons, this share is the image fallback (no `sendBeacon`). */
const IMAGE_SHARE = 0.05;
/** Visitors of the shop, and the share of them our `rtb_uid` cookie comes with. */
const VISITORS = 5_000;
const WITH_OUR_COOKIE = 0.6;
const PRODUCTS = 2_000;
const SHOP = 'https://demo-shop.example.com';
const BROWSER =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

/** Database totals after the run (bigint sums as decimal strings). */
interface Totals {
  baselineRows: string;
  events: string;
  transactions: string;
  reloadHints: string;
  conversions: string;
  conversionValueMinor: string;
}

type ToServer = { kind: 'totals' };
type FromServer =
  | { kind: 'ready'; tag: number; baseline: number; tagKey: string; dbKind: string; setupMs: number }
  | ({ kind: 'totals' } & Totals);

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** Demo Shop's id and its tag key, made by `GET /api/advertiser/tag` as in the shop's settings. */
async function demoTag(t: Awaited<ReturnType<typeof createTestApp>>) {
  const [shop] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
  if (!shop) throw new Error('no Demo Shop');
  const token = await t.loginAs(
    'advertiser',
    demoAccounts.advertiser.login,
    demoAccounts.advertiser.password,
  );
  const res = await t.call({ method: 'GET', url: '/api/advertiser/tag', token });
  if (res.status !== 200) throw new Error(`tag: ${res.status} ${JSON.stringify(res.body)}`);
  return { shopId: shop.id, tagKey: res.body.data.tag.tagKey as string };
}

/**
 * The baseline: `POST /rtb/events` and `GET /rtb/events?d=` parse the batch (JSON, no schema),
 * check the tag key, and insert each event under the same key as the endpoint's
 * (`tag:<advertiser>:<event id>`), one autocommitted statement after another, with its type,
 * visitor, page and the event as sent (jsonb). The table has its primary key only.
 */
async function baselineServer(database: DatabaseHandle, tag: { shopId: number; tagKey: string }) {
  await database.db.execute(sql`
    create table bench_tag_events (
      event_key text primary key,
      advertiser_id integer not null,
      type text not null,
      received_at timestamptz not null default now(),
      visitor_id text not null,
      page_url text,
      event jsonb not null
    )`);
  const { query, end } = await baselineQuery(database, POOL_SIZE);
  type Batch = {
    tagKey?: unknown;
    visitorId?: unknown;
    events?: { eventId: string; type: string; page?: string }[];
  };
  const insertAll = async (text: string): Promise<boolean> => {
    let batch: Batch;
    try {
      batch = JSON.parse(text);
    } catch {
      return false;
    }
    if (batch.tagKey !== tag.tagKey || !Array.isArray(batch.events)) return false;
    for (const event of batch.events)
      await query(
        'bench-tag-event',
        `insert into bench_tag_events (event_key, advertiser_id, type, visitor_id, page_url, event)
         values ($1, $2, $3, $4, $5, $6) on conflict do nothing`,
        [
          `tag:${tag.shopId}:${event.eventId}`,
          tag.shopId,
          event.type,
          batch.visitorId,
          event.page ?? null,
          JSON.stringify(event),
        ],
      );
    return true;
  };
  // A request whose client went away (the end of a run) still inserts all of its events before the pool ends.
  const inFlight = new Set<Promise<boolean>>();
  const take = (text: string) => {
    const done = insertAll(text);
    inFlight.add(done);
    return done.finally(() => inFlight.delete(done));
  };
  const app: FastifyInstance = Fastify({ logger: false });
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'string' }, (_req, body, done) => done(null, body));
  app.post('/rtb/events', async (request, reply) =>
    reply.code((await take(String(request.body))) ? 204 : 400).send(),
  );
  app.get('/rtb/events', async (request, reply) => {
    const { d } = request.query as Record<string, unknown>;
    const ok = typeof d === 'string' && (await take(Buffer.from(d, 'base64url').toString('utf8')));
    return reply.code(ok ? 200 : 400).send();
  });
  return {
    app,
    async close() {
      await app.close();
      await Promise.allSettled(inFlight);
      await end();
    },
  };
}

/** What the database holds after the run: the tag's events, its conversions and the baseline's rows. */
async function totalsOf(database: DatabaseHandle, shopId: number): Promise<Totals> {
  const one = async (query: ReturnType<typeof sql>) =>
    (rowsOf<Record<string, unknown>>(await database.db.execute(query))[0] ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => String(v ?? 0);
  const events = await one(sql`
    select count(*) as n,
      count(*) filter (where type = 'trackTransaction') as transactions,
      count(*) filter (where 'duplicate_order_id' = any(hints)) as reloads
    from tag_events where advertiser_id = ${shopId}`);
  const conversions = await one(sql`
    select count(*) as n, coalesce(sum(value_minor), 0) as value from delivery_events
    where kind = 'conversion' and source = 'tag' and advertiser_id = ${shopId}`);
  const baseline = await one(sql`select count(*) as n from bench_tag_events`);
  return {
    baselineRows: text(baseline.n),
    events: text(events.n),
    transactions: text(events.transactions),
    reloadHints: text(events.reloads),
    conversions: text(conversions.n),
    conversionValueMinor: text(conversions.value),
  };
}

/** The child: the database, the bidder with its events endpoint, and the baseline, each on a port of its own. */
async function serve() {
  const started = performance.now();
  const t = await createTestApp({ demo: true });
  const tag = await demoTag(t);
  const bidder = await buildBidder({
    deps: t.deps,
    database: t.database,
    store: new MemoryBudgetStore(),
    // The bidder's own settings (RTB_*) as the environment gives them: a run can try another.
    config: loadBidderConfig({
      ...Object.fromEntries(Object.entries(process.env).filter(([name]) => name.startsWith('RTB_'))),
      PUBLIC_URL: 'http://127.0.0.1:8080',
      RTB_SIGNING_KEY: SIGNING_KEY,
    }),
    logger: pino({ level: 'silent' }),
  });
  const baseline = await baselineServer(t.database, tag);
  const listen = async (app: FastifyInstance) => {
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as AddressInfo).port;
  };
  // Stopped early (the load generator failed): the temporary database is dropped all the same.
  process.once('SIGTERM', () => t.close().finally(() => process.exit(1)));
  process.on('message', async (message: ToServer) => {
    if (message.kind !== 'totals') return;
    // Closing answers what is in flight and commits what waits: nothing sent is left out.
    await bidder.close();
    await baseline.close();
    process.send?.({ kind: 'totals', ...(await totalsOf(t.database, tag.shopId)) } satisfies FromServer);
    await t.close();
    process.exit(0);
  });
  process.send?.({
    kind: 'ready',
    tag: await listen(bidder.app),
    baseline: await listen(baseline.app),
    tagKey: tag.tagKey,
    dbKind: t.database.kind === 'postgres' ? 'PostgreSQL (temporary database)' : 'PGlite (in memory)',
    setupMs: performance.now() - started,
  } satisfies FromServer);
}

/** One request of the tag, as autocannon sends it. */
interface Beacon {
  method: 'POST' | 'GET';
  path: string;
  body: string;
  headers: Record<string, string>;
  events: number;
}

/** Ids as tag.js makes them (22 characters of the key alphabet), from the seeded generator. */
const idOf = (random: Random) => random.hex(22);
const productOf = (random: Random) => `SKU-${random.int(1, PRODUCTS)}`;
const priceOf = (random: Random) => random.logNormal(4, 0.8).toFixed(2);

/**
 * The beacons sent to one target: each new (1 to 20 events of a visitor) or, BENCH_DUPLICATES
 * percent of them, the very request of a recent one again. Knows every event and order it sent.
 */
function beaconStream(tagKey: string) {
  const random = createRandom(SEED);
  const visitors = Array.from({ length: VISITORS }, () => ({
    visitorId: idOf(random),
    cookie: random.chance(WITH_OUR_COOKIE) ? `rtb_uid=${idOf(random)}` : null,
  }));
  const eventIds = new Set<string>();
  const transactionIds = new Set<string>();
  /** Each order sent: its value in minor units (grosze) and what its transaction event carries. */
  const orders = new Map<string, { valueMinor: number; value: string; items: object[] }>();
  const orderIds: string[] = [];
  const recent: Beacon[] = [];
  let sent = 0;
  let eventsSent = 0;

  const eventOf = (type: (typeof EVENT_TYPES)[number]['value']): Record<string, unknown> => {
    const eventId = idOf(random);
    eventIds.add(eventId);
    const id = productOf(random);
    switch (type) {
      case 'viewHome':
        return { eventId, type, page: `${SHOP}/` };
      case 'viewList':
        return {
          eventId,
          type,
          page: `${SHOP}/c/${random.int(1, 40)}?page=${random.int(1, 3)}`,
          ids: Array.from({ length: random.int(8, 24) }, () => productOf(random)),
        };
      case 'viewItem':
        return { eventId, type, page: `${SHOP}/p/${id}?utm_source=rtb&utm_medium=display`, id };
      case 'addToCart':
        return {
          eventId,
          type,
          page: `${SHOP}/p/${id}`,
          id,
          quantity: random.chance(0.85) ? 1 : random.int(2, 4),
        };
      case 'viewBasket':
        return {
          eventId,
          type,
          page: `${SHOP}/basket`,
          items: Array.from({ length: random.int(1, 4) }, () => ({
            id: productOf(random),
            quantity: random.int(1, 2),
            price: priceOf(random),
          })),
        };
      case 'trackTransaction': {
        transactionIds.add(eventId);
        let orderId = orderIds.length && random.chance(RELOADED_ORDER) ? random.pick(orderIds) : null;
        if (!orderId) {
          orderId = `ORD-${idOf(random).slice(0, 10)}`;
          const items = Array.from({ length: random.int(1, 3) }, () => ({
            id: productOf(random),
            quantity: 1,
            price: priceOf(random),
          }));
          const grosze = items.reduce((sum, item) => sum + Math.round(Number(item.price) * 100), 0);
          orders.set(orderId, { valueMinor: grosze, value: (grosze / 100).toFixed(2), items });
          orderIds.push(orderId);
        }
        const order = orders.get(orderId) as { value: string; items: object[] };
        return {
          eventId,
          type,
          page: `${SHOP}/thank-you`,
          orderId,
          value: order.value,
          currency: 'PLN',
          items: order.items,
        };
      }
    }
  };

  const fresh = (): Beacon => {
    const visitor = random.pick(visitors);
    const [min, max] = random.weighted(BATCH_SIZES);
    const events = Array.from({ length: random.int(min, max) }, () => eventOf(random.weighted(EVENT_TYPES)));
    const body = JSON.stringify({ tagKey, visitorId: visitor.visitorId, events });
    const headers: Record<string, string> = { 'user-agent': BROWSER };
    if (visitor.cookie) headers.cookie = visitor.cookie;
    if (random.chance(IMAGE_SHARE))
      return {
        method: 'GET',
        path: `/rtb/events?d=${Buffer.from(body).toString('base64url')}`,
        body: '',
        headers,
        events: events.length,
      };
    headers['content-type'] = 'text/plain;charset=UTF-8';
    return { method: 'POST', path: '/rtb/events', body, headers, events: events.length };
  };

  return {
    eventIds,
    transactionIds,
    orders,
    get sent() {
      return sent;
    },
    get eventsSent() {
      return eventsSent;
    },
    next(): Beacon {
      sent++;
      const beacon =
        recent.length && random.next() * 100 < duplicatePercent ? (random.pick(recent) as Beacon) : fresh();
      if (recent.push(beacon) > RECENT) recent.shift();
      eventsSent += beacon.events;
      return beacon;
    },
  };
}

type BeaconStream = ReturnType<typeof beaconStream>;

interface Run {
  /** Events answered per second (resent ones included), requests per second, and new events per second. */
  events: number;
  rps: number;
  fresh: number;
  avg: number;
  p50: number;
  p99: number;
  requests: number;
  load: number;
}

async function measure(label: string, port: number, stream: BeaconStream, duration: number): Promise<Run> {
  const before = stream.eventIds.size;
  let answered = 0;
  const result: Result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections,
    duration,
    requests: [
      {
        setupRequest: (request, context) => {
          const beacon = stream.next();
          context.events = beacon.events;
          return {
            ...request,
            method: beacon.method,
            path: beacon.path,
            body: beacon.body,
            headers: beacon.headers,
          };
        },
        onResponse: (_status, _body, context) => {
          answered += context.events as number;
        },
      },
    ],
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 || result['2xx'] === 0)
    throw new Error(
      `${label}: ${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  return {
    events: answered / result.duration,
    rps: result.requests.total / result.duration,
    fresh: (stream.eventIds.size - before) / result.duration,
    avg: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
    load: loadavg()[0] ?? 0,
  };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const int = (n: number | bigint) => n.toLocaleString('en-US');
const ms = (n: number, digits = 0) => `${n.toFixed(digits)} ms`;

/** The checks of the totals: each a label and whether it holds. */
function checksOf(totals: Totals, tag: BeaconStream, baseline: BeaconStream): [string, boolean][] {
  const n = (key: keyof Totals) => BigInt(totals[key]);
  const orders = BigInt(tag.orders.size);
  const value = [...tag.orders.values()].reduce((sum, order) => sum + BigInt(order.valueMinor), 0n);
  const reloads = BigInt(tag.transactionIds.size) - orders;
  return [
    [
      `tag events ${int(n('events'))} = distinct events sent ${int(tag.eventIds.size)}`,
      n('events') === BigInt(tag.eventIds.size),
    ],
    [
      `transactions ${int(n('transactions'))} = distinct transactions sent ${int(tag.transactionIds.size)}`,
      n('transactions') === BigInt(tag.transactionIds.size),
    ],
    [
      `conversions ${int(n('conversions'))} = distinct orders sent ${int(orders)}`,
      n('conversions') === orders,
    ],
    [
      `conversions' value ${int(n('conversionValueMinor'))} = the orders' ${int(value)} (minor units)`,
      n('conversionValueMinor') === value,
    ],
    [
      `'duplicate_order_id' hints ${int(n('reloadHints'))} = reloaded orders ${int(reloads)}`,
      n('reloadHints') === reloads,
    ],
    [
      `baseline rows ${int(n('baselineRows'))} = distinct events sent ${int(baseline.eventIds.size)}`,
      n('baselineRows') === BigInt(baseline.eventIds.size),
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
      `tag events: ${ready.dbKind}, set up in ${(ready.setupMs / 1000).toFixed(1)} s; ${connections} connections, ` +
        `${WARMUP_SECONDS} s warm-up + ${seconds} s per run, ${ROUNDS} rounds; ${duplicatePercent}% of beacons resent`,
    );
    const targets = {
      baseline: { label: 'INSERT per event', port: ready.baseline, stream: beaconStream(ready.tagKey) },
      tag: { label: 'tag /rtb/events', port: ready.tag, stream: beaconStream(ready.tagKey) },
    };
    type Target = keyof typeof targets;
    const rows: string[][] = [];
    const row = (round: string, label: string, r: Run) => [
      round,
      label,
      int(Math.round(r.events)),
      int(Math.round(r.fresh)),
      int(Math.round(r.rps)),
      (r.events / r.rps).toFixed(2),
      ms(r.avg, 2),
      ms(r.p50, round === 'mean' ? 1 : 0),
      ms(r.p99, round === 'mean' ? 1 : 0),
      int(r.requests),
      r.load.toFixed(2),
    ];
    const runs = await alternatingRounds({
      targets: ['baseline', 'tag'] as const,
      rounds: ROUNDS,
      warmupSeconds: WARMUP_SECONDS,
      seconds,
      measure: (target, duration) =>
        measure(targets[target].label, targets[target].port, targets[target].stream, duration),
      onRun: (round, target, run) => rows.push(row(String(round), targets[target].label, run)),
    });
    for (const target of Object.keys(targets) as Target[])
      rows.push(row('mean', targets[target].label, meanRun(runs[target], ['requests'])));
    printTable(
      [
        'round',
        'target',
        'events/s',
        'new events/s',
        'requests/s',
        'events/req',
        'latency avg',
        'p50',
        'p99',
        'requests',
        'load 1m',
      ],
      rows,
      2,
    );

    child.send({ kind: 'totals' } satisfies ToServer);
    const totals = await next();
    if (totals.kind !== 'totals') throw new Error('no totals from the server');
    const checks = checksOf(totals, targets.tag.stream, targets.baseline.stream);
    for (const [label, ok] of checks) console.log(`check: ${label}: ${ok ? 'ok' : 'FAILED'}`);
    const meanOf = (target: Target, pick: (r: Run) => number) => mean(runs[target].map(pick));
    const tagEvents = meanOf('tag', (r) => r.events);
    const baseEvents = meanOf('baseline', (r) => r.events);
    const tag = targets.tag.stream;
    const failed = checks.filter(([, ok]) => !ok).length;
    console.log(
      `tag events: ${(tagEvents / baseEvents).toPrecision(2)}x of one INSERT per event ` +
        `(${int(Math.round(tagEvents))} vs ${int(Math.round(baseEvents))} events per second; ` +
        `${int(Math.round(meanOf('tag', (r) => r.rps)))} vs ${int(Math.round(meanOf('baseline', (r) => r.rps)))} requests per second); ` +
        `${int(tag.eventsSent)} events in ${int(tag.sent)} beacons, ${int(tag.eventIds.size)} distinct, ` +
        `${int(tag.orders.size)} orders, ${failed ? `${failed} checks FAILED` : 'each counted once'}`,
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
