/**
 * The bidder's throughput and latency (issue 14): `POST /openrtb2/bid` with 10,000 active
 * campaigns (2,000 advertisers x 5 campaigns x 3 creatives, varied targeting) and the exchange
 * simulator's request mix, against a bare `node:http` server that reads the body and answers
 * 204, with the same load generator in the same run. Prints both rates and their ratio, then the
 * bidder's latency at half its maximum rate (the load generator's, in whole milliseconds, and the
 * server's own, from request to response, in microseconds).
 *
 *   node --import tsx bench/bidder.ts          # PGlite in memory, in-process counters
 *
 * The servers run in a child process, so the load generator never shares their event loop.
 * BENCH_SECONDS (default 8) per measured run, BENCH_CONNECTIONS (default 32),
 * BENCH_ADVERTISERS (default 2000), BENCH_PROFILE (a directory for the servers' CPU profile),
 * BENCH_VISITORS (default 10000: visitors of the shops with profiles; campaigns 2 and 4 of each
 * advertiser have audiences, and half the requests carry a visitor's id, 4 in 5 of them known;
 * campaign 2 also has a dynamic product banner, shown to the visitors who viewed the shop's
 * products, unless BENCH_DYNAMIC=0); BENCH_AUDIENCES=0 leaves audiences, profiles, dynamic banners
 * and visitor ids out (the bidder as before them). The server counts the dynamic banners it bid with.
 * BENCH_MIX=real posts mostly requests no campaign takes, and the specification's examples
 * (`realMix` in bidder-mix.ts; BENCH_BID_SHARE, default 10, the percent that are bid on as usual).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '@rtb/api/config';
import { createAppDeps } from '@rtb/api/create-deps';
import { buildBidder, loadBidderConfig, MemoryBudgetStore } from '@rtb/bidder';
import { createTestDatabase } from '@rtb/db/testing';
import { createRequestGenerator } from '@rtb/simulator';
import type { Result } from 'autocannon';
import pino from 'pino';
import { bidLoad, requestsPerSecond } from './bid-load';
import {
  benchVisitorId,
  seedBenchAudiences,
  seedBenchDynamicBanners,
  seedBidderBench,
} from './bidder-fixture';
import { realMix } from './bidder-mix';
import { forceExit, positiveInt, printTable } from './print-table';
import { forkServers } from './servers-process';

const seconds = positiveInt('BENCH_SECONDS', 8);
const connections = positiveInt('BENCH_CONNECTIONS', 32);
const advertisers = positiveInt('BENCH_ADVERTISERS', 2000);
const audiences = process.env.BENCH_AUDIENCES !== '0';
const dynamicBanners = audiences && process.env.BENCH_DYNAMIC !== '0';
const visitors = positiveInt('BENCH_VISITORS', 10_000);
const mix = process.env.BENCH_MIX === 'real' ? realMix(positiveInt('BENCH_BID_SHARE', 10)) : null;

type ToServer = { kind: 'latency-reset' } | { kind: 'latency' };
type FromServer =
  | {
      kind: 'ready';
      baseline: number;
      floor: number;
      bidder: number;
      campaigns: number;
      audienceCampaigns: number;
      setupMs: number;
      responseBytes: number;
    }
  | {
      kind: 'latency';
      p50: number;
      p99: number;
      count: number;
      statuses: Record<string, number>;
      dynamicBids: number;
    };

/** The child: the database, the bidder and the bare server, each on a port of its own. */
async function serve() {
  const started = performance.now();
  const database = await createTestDatabase();
  await seedBidderBench(database.db, advertisers);
  if (audiences) await seedBenchAudiences(database.db, visitors);
  if (dynamicBanners) await seedBenchDynamicBanners(database.db);
  const logger = pino({ level: 'silent' });
  const deps = createAppDeps({ db: database.db, config: loadConfig({ LOG_LEVEL: 'silent' }) }, () => logger);
  const bidder = await buildBidder({
    deps,
    database,
    store: new MemoryBudgetStore(),
    config: loadBidderConfig({
      PUBLIC_URL: 'http://127.0.0.1:8080',
      RTB_SIGNING_KEY: 'bench-signing-key-'.repeat(3),
    }),
    logger,
  });
  let durations: number[] = [];
  const statuses: Record<string, number> = {};
  let dynamicBids = 0;
  // The answers are looked into only at half rate: the maximum rate is the bidder's alone.
  let measuring = false;
  const bidderServer = http.createServer((req, res) => {
    if (!measuring) return bidder.handler(req, res);
    const t0 = process.hrtime.bigint();
    // A dynamic banner's markup is the only one with our product images.
    const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse;
    res.end = ((chunk?: unknown) => {
      if (
        typeof chunk === 'string'
          ? chunk.includes('/img/products/')
          : Buffer.isBuffer(chunk) && chunk.includes('/img/products/')
      )
        dynamicBids += 1;
      return end(chunk);
    }) as typeof res.end;
    res.once('finish', () => {
      durations.push(Number(process.hrtime.bigint() - t0) / 1e6);
      const key = `${res.statusCode} ${res.getHeader('x-rtb-reason') ?? ''}`.trim();
      statuses[key] = (statuses[key] ?? 0) + 1;
    });
    bidder.handler(req, res);
  });
  const baseline = http.createServer((req, res) => {
    req.on('data', () => {});
    req.on('end', () => res.writeHead(204).end());
  });
  // The least any bidder does: parse the request and send a bid response of the bidder's size
  // (one it made, sent as it is), with no decision at all.
  const sample = await bidder.app.inject({
    method: 'POST',
    url: '/openrtb2/bid',
    payload: createRequestGenerator({ seed: 14, auction: 'second', securePages: false }).next().request,
  });
  if (sample.statusCode !== 200)
    throw new Error(`the bidder did not bid on the sample request: ${sample.statusCode}`);
  const floor = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      JSON.parse(Buffer.concat(chunks).toString('utf8'));
      res.writeHead(200, { 'content-type': 'application/json' }).end(sample.body);
    });
  });
  const listen = (server: http.Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const ports = {
    baseline: await listen(baseline),
    floor: await listen(floor),
    bidder: await listen(bidderServer),
  };
  // A clean exit, so that a CPU profile (BENCH_PROFILE) is written.
  process.on('SIGTERM', () => process.exit(0));
  process.on('message', (message: ToServer) => {
    if (message.kind === 'latency-reset') {
      measuring = true;
      durations = [];
      dynamicBids = 0;
      for (const key of Object.keys(statuses)) delete statuses[key];
      return;
    }
    const sorted = [...durations].sort((a, b) => a - b);
    const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
    process.send?.({
      kind: 'latency',
      p50: at(0.5),
      p99: at(0.99),
      count: sorted.length,
      statuses,
      dynamicBids,
    } satisfies FromServer);
  });
  process.send?.({
    kind: 'ready',
    ...ports,
    campaigns: bidder.live.index.campaigns.size,
    audienceCampaigns: [...bidder.live.index.campaigns.values()].filter(
      (c) => c.includeAudiences !== null || c.excludeAudiences.length > 0,
    ).length,
    responseBytes: Buffer.byteLength(sample.body),
    setupMs: performance.now() - started,
  } satisfies FromServer);
}

/** The parent: the load generator. */
async function drive() {
  const { child, next } = forkServers<FromServer>(import.meta.url);
  try {
    const ready = await next();
    if (ready.kind !== 'ready') throw new Error('the servers did not start');
    // An empty index answers every request 204 at once: nothing of the bidder would be measured.
    if (ready.campaigns === 0) throw new Error('no campaign can serve: the bench data is incomplete');
    console.log(
      `bidder bench: ${ready.campaigns.toLocaleString('en-US')} campaigns in the index (set up in ${(ready.setupMs / 1000).toFixed(1)} s), ` +
        `${connections} connections, ${seconds} s per run; ` +
        (audiences
          ? `${ready.audienceCampaigns.toLocaleString('en-US')} of them with audiences, ${visitors.toLocaleString('en-US')} visitors with profiles`
          : 'no audiences (BENCH_AUDIENCES=0)'),
    );
    if (mix) console.log(`BENCH_MIX=real: ${mix.describe()}`);
    const generator = createRequestGenerator({ seed: 14, auction: 'second', securePages: false });
    // Half the requests carry a shop visitor's id as our cookie-synced buyeruid (4 in 5 of them
    // with a profile, the rest unknown to every shop).
    const bodies = Array.from({ length: 5000 }, (_, i) => {
      const { request } = generator.next();
      if (audiences && i % 2 === 0)
        request.user = {
          ...request.user,
          buyeruid: benchVisitorId(1 + ((i * 7919) % Math.round(visitors * 1.25))),
        };
      return JSON.stringify(mix ? mix.body(i, request) : request);
    });
    const load = bidLoad({ bodies, connections, seconds });
    const rps = requestsPerSecond;
    const failed = (r: Result) => r.errors + r.timeouts + r.non2xx;

    // Warm-up (JIT, caches), then the three servers in turn, twice.
    await load(ready.bidder);
    const rows: string[][] = [];
    const rates = { baseline: [] as number[], floor: [] as number[], bidder: [] as number[] };
    for (let round = 1; round <= 2; round++) {
      for (const target of ['baseline', 'floor', 'bidder'] as const) {
        const result = await load(ready[target]);
        if (failed(result) > 0) throw new Error(`${target}: ${failed(result)} failed requests`);
        rates[target].push(rps(result));
        rows.push([
          String(round),
          target,
          Math.round(rps(result)).toLocaleString('en-US'),
          `${result.latency.p50} ms`,
          `${result.latency.p99} ms`,
        ]);
      }
    }
    printTable(['round', 'target', 'req/s', 'p50', 'p99'], rows, 2);
    const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
    const bidderMax = mean(rates.bidder);
    console.log(
      `\nratio bidder / bare node:http: ${(bidderMax / mean(rates.baseline)).toFixed(2)} (goal: at least 0.5); ` +
        `floor (parse + a ${ready.responseBytes}-byte response, no decision) / bare node:http: ` +
        `${(mean(rates.floor) / mean(rates.baseline)).toFixed(2)}`,
    );

    child.send({ kind: 'latency-reset' } satisfies ToServer);
    const half = await load(ready.bidder, Math.max(1, Math.round(bidderMax / 2)));
    child.send({ kind: 'latency' } satisfies ToServer);
    const server = await next();
    if (server.kind !== 'latency') throw new Error('no latency from the server');
    console.log(
      `\nat half the maximum rate (${Math.round(rps(half)).toLocaleString('en-US')} req/s): ` +
        `load generator p50 ${half.latency.p50} ms, p99 ${half.latency.p99} ms; ` +
        `server p50 ${server.p50.toFixed(3)} ms, p99 ${server.p99.toFixed(3)} ms (goal: p99 at most 5 ms)`,
    );
    console.log(
      'answers:',
      Object.entries(server.statuses)
        .map(([k, v]) => `${k}: ${v}`)
        .join(', '),
      `; dynamic product banners: ${server.dynamicBids}`,
    );
  } finally {
    child.kill();
  }
}

if (process.argv[2] === 'serve') await serve();
else
  drive().then(forceExit, (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
    forceExit();
  });
