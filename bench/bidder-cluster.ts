/**
 * One bidder per core (issue 28): `npm run bidder` as it runs in production, with
 * BIDDER_WORKERS=1 (one process) and BIDDER_WORKERS=2 (a cluster primary and two workers sharing
 * BIDDER_PORT, budgets in Redis), on the bidder bench's 10,000 campaigns in a temporary PostgreSQL
 * database, against bare `node:http` servers in the same two layouts (one process; two cluster
 * workers, each reading the body and answering 204), the same load generator in the same run.
 * Prints each rate, one bidder against one bare server, two against two, and what the second
 * process adds.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test REDIS_URL=redis://127.0.0.1:6379 npm run bench:bidder-cluster
 *
 * Redis: logical database 15 of that server (`BENCH_REDIS_DB`), emptied before and after.
 * BENCH_SECONDS (default 5) per run, BENCH_CONNECTIONS (default 32), BENCH_ADVERTISERS
 * (default 2000: 5 campaigns each). bench/README.md describes the output.
 */
import cluster from 'node:cluster';
import http from 'node:http';
import { availableParallelism } from 'node:os';
import { createTestDatabase } from '@rtb/db/testing';
import { freePort, type NodeProcess, startNodeProcess, untilReady } from '@rtb/operations/testing';
import { createRequestGenerator } from '@rtb/simulator';
import { sql } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { bidLoad, requestsPerSecond } from './bid-load';
import { seedBidderBench } from './bidder-fixture';
import { forceExit, positiveInt, printTable } from './print-table';

const seconds = positiveInt('BENCH_SECONDS', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 32);
const advertisers = positiveInt('BENCH_ADVERTISERS', 2000);
const redisDb = positiveInt('BENCH_REDIS_DB', 15);

/** The bare server's process: BENCH_BARE_WORKERS cluster workers (or one process) on BENCH_BARE_PORT. */
function serveBare(workers: number, port: number) {
  if (cluster.isPrimary && workers > 1) {
    for (let i = 0; i < workers; i++) cluster.fork();
    return;
  }
  http
    .createServer((req, res) => {
      if (req.url === '/readyz') return void res.writeHead(200).end();
      req.on('data', () => {});
      req.on('end', () => res.writeHead(204).end());
    })
    .listen(port, '127.0.0.1');
}

async function drive() {
  const databaseUrl = process.env.DATABASE_URL;
  const redisUrl = process.env.REDIS_URL;
  if (!databaseUrl || !redisUrl) {
    console.error('bench:bidder-cluster runs `npm run bidder` as deployed: set DATABASE_URL and REDIS_URL.');
    process.exitCode = 1;
    return;
  }
  const started = performance.now();
  const database = await createTestDatabase();
  const redis = new URL(redisUrl);
  redis.pathname = `/${redisDb}`;
  const flush = async () => {
    const client = new Redis(redis.toString());
    await client.flushdb();
    client.disconnect();
  };
  const processes: NodeProcess[] = [];
  try {
    await seedBidderBench(database.db, advertisers);
    await flush();
    const [current] = (
      (await database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    const url = new URL(databaseUrl);
    url.pathname = `/${current?.name}`;

    const bidder = async (workers: number) => {
      const port = await freePort();
      const metricsPort = await freePort();
      const started = startNodeProcess('apps/bidder/src/main.ts', {
        DATABASE_URL: url.toString(),
        REDIS_URL: redis.toString(),
        BIDDER_PORT: String(port),
        BIDDER_WORKERS: String(workers),
        BIDDER_METRICS_PORT: String(metricsPort),
        HOST: '127.0.0.1',
        PUBLIC_URL: 'http://127.0.0.1:8080',
        RTB_SIGNING_KEY: 'bench-signing-key-'.repeat(3),
        LOG_LEVEL: 'warn',
      });
      processes.push(started);
      // The primary is ready once every worker listens (each loaded the index first).
      await untilReady(`http://127.0.0.1:${workers > 1 ? metricsPort : port}`, started, 300_000);
      return port;
    };
    const bare = async (workers: number) => {
      const port = await freePort();
      const started = startNodeProcess('bench/bidder-cluster.ts', {
        BENCH_BARE_WORKERS: String(workers),
        BENCH_BARE_PORT: String(port),
      });
      processes.push(started);
      await untilReady(`http://127.0.0.1:${port}`, started);
      return port;
    };
    const targets = {
      'bare x1': await bare(1),
      'bidder x1': await bidder(1),
      'bare x2': await bare(2),
      'bidder x2': await bidder(2),
    };
    console.log(
      `bidder cluster bench: ${advertisers * 5} campaigns, PostgreSQL and Redis, set up in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s; ${connections} connections, ${seconds} s per run, ` +
        `${availableParallelism()} cores (the load generator shares them)`,
    );

    const generator = createRequestGenerator({ seed: 14, auction: 'second', securePages: false });
    const bodies = Array.from({ length: 5000 }, () => JSON.stringify(generator.next().request));
    const load = bidLoad({ bodies, connections, seconds });
    const rps = requestsPerSecond;
    // Warm-up (JIT, caches) of every worker, then each target in turn, twice.
    await load(targets['bidder x1']);
    await load(targets['bidder x2']);
    const rows: string[][] = [];
    const rates = new Map<keyof typeof targets, number[]>();
    for (let round = 1; round <= 2; round++)
      for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
        const result = await load(targets[name]);
        const failed = result.errors + result.timeouts + result.non2xx;
        if (failed) throw new Error(`${name}: ${failed} failed requests`);
        rates.set(name, [...(rates.get(name) ?? []), rps(result)]);
        rows.push([
          String(round),
          name,
          Math.round(rps(result)).toLocaleString('en-US'),
          `${result.latency.p50} ms`,
          `${result.latency.p99} ms`,
        ]);
      }
    printTable(['round', 'target', 'req/s', 'p50', 'p99'], rows, 2);
    const mean = (name: keyof typeof targets) => {
      const v = rates.get(name) ?? [];
      return v.reduce((a, b) => a + b, 0) / v.length;
    };
    console.log(
      `\nratio bidder / bare node:http: one process ${(mean('bidder x1') / mean('bare x1')).toFixed(2)}, ` +
        `two workers ${(mean('bidder x2') / mean('bare x2')).toFixed(2)} (goal: at least 0.5); ` +
        `two bidder workers / one: ${(mean('bidder x2') / mean('bidder x1')).toFixed(2)}x, ` +
        `two bare workers / one: ${(mean('bare x2') / mean('bare x1')).toFixed(2)}x`,
    );
  } finally {
    await Promise.all(processes.map((p) => p.kill()));
    await flush().catch(() => {});
    await database.close();
  }
}

const bareWorkers = process.env.BENCH_BARE_WORKERS;
if (bareWorkers) serveBare(Number(bareWorkers), Number(process.env.BENCH_BARE_PORT));
else
  drive().then(forceExit, (error: unknown) => {
    console.error(error);
    process.exitCode = 1;
    forceExit();
  });
