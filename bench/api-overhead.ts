/**
 * Requests per second of an authenticated `GET /api/admin/me` on the real app against a bare
 * Fastify route that returns the same JSON, both over HTTP on 127.0.0.1 in one run.
 *
 *   node --import tsx bench/api-overhead.ts                      # in-memory PGlite
 *   DATABASE_URL=postgres://... node --import tsx bench/api-overhead.ts   # a temporary database there
 *
 * BENCH_SECONDS (default 5) is how long each measured run lasts, after a 1 s warm-up;
 * BENCH_CONNECTIONS (default 10) the concurrent connections. Baseline and real app alternate
 * twice. bench/README.md describes the output.
 */
import type { AddressInfo } from 'node:net';
import { type DatabaseHandle, demoAccounts, seedDemoData } from '@rtb/db';
import { createTestDatabase } from '@rtb/db/testing';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app';
import { loadConfig } from '../apps/api/src/config';
import { PrincipalCache } from '../apps/api/src/core/principal-cache';
import { forceExit, positiveInt, printTable } from './print-table';

const ROUNDS = 2;
const WARMUP_SECONDS = 1;
const ROUTE = '/api/admin/me';

const seconds = positiveInt('BENCH_SECONDS', 5);
const connections = positiveInt('BENCH_CONNECTIONS', 10);

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

interface Run {
  rps: number;
  /** Latency in ms: autocannon records whole milliseconds, so p50 and p99 are integers. */
  avg: number;
  p50: number;
  p99: number;
  requests: number;
}

async function measure(label: string, url: string, headers: Record<string, string>): Promise<Run> {
  const result: Result = await autocannon({
    url,
    headers,
    connections,
    duration: seconds,
    warmup: { connections, duration: WARMUP_SECONDS },
    // The load generator gets a thread of its own rather than the servers' event loop.
    workers: 1,
  });
  const failed = result.errors + result.timeouts + result.non2xx;
  if (failed > 0 || result['2xx'] === 0) {
    throw new Error(
      `${label}: ${result['2xx']} ok, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`,
    );
  }
  return {
    rps: result.requests.total / result.duration,
    avg: result.latency.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    requests: result.requests.total,
  };
}

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const int = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number, digits = 0) => `${n.toFixed(digits)} ms`;

async function main(): Promise<void> {
  const dbKind = process.env.DATABASE_URL ? 'PostgreSQL (temporary database)' : 'PGlite (in memory)';
  let database: DatabaseHandle | undefined;
  const servers: FastifyInstance[] = [];
  try {
    database = await createTestDatabase();
    await seedDemoData(database.db);
    const { app } = await buildApp({
      db: database.db,
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      logger: false,
    });
    servers.push(app);
    const realUrl = await listen(app);
    // The same app with the session cache off: every request looks its token up in the database.
    const { app: uncached } = await buildApp({
      db: database.db,
      config: loadConfig({ LOG_LEVEL: 'silent' }),
      logger: false,
      principals: new PrincipalCache(0),
    });
    servers.push(uncached);
    const uncachedUrl = await listen(uncached);

    const login = await fetch(`${realUrl}/api/admin/auth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(demoAccounts.admin),
    });
    if (login.status !== 200) throw new Error(`login failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { data: { authToken: string } }).data.authToken;
    const auth = { authorization: `Bearer ${token}` };

    const me = await fetch(`${realUrl}${ROUTE}`, { headers: auth });
    if (me.status !== 200) throw new Error(`GET ${ROUTE} failed: ${me.status} ${await me.text()}`);
    const body: unknown = await me.json();

    const bare = Fastify({ logger: false });
    bare.get(ROUTE, async () => body);
    servers.push(bare);
    const bareUrl = await listen(bare);

    console.log(
      `api-overhead: ${dbKind}; ${connections} connections, ${WARMUP_SECONDS} s warm-up + ${seconds} s per run, ${ROUNDS} rounds`,
    );
    const targets = {
      bare: { label: 'bare Fastify', url: `${bareUrl}${ROUTE}`, headers: {} },
      real: { label: 'real app', url: `${realUrl}${ROUTE}`, headers: auth },
      uncached: { label: 'real app, no session cache', url: `${uncachedUrl}${ROUTE}`, headers: auth },
    };
    type Target = keyof typeof targets;
    const runs: Record<Target, Run[]> = { bare: [], real: [], uncached: [] };
    const rows: string[][] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of Object.keys(targets) as Target[]) {
        const { label, url, headers } = targets[target];
        const run = await measure(label, url, headers);
        runs[target].push(run);
        rows.push([
          String(round),
          label,
          int(run.rps),
          ms(run.avg, 2),
          ms(run.p50),
          ms(run.p99),
          int(run.requests),
        ]);
      }
    }

    const summary = (target: Target, label: string) => {
      const list = runs[target];
      return [
        'mean',
        label,
        int(mean(list.map((r) => r.rps))),
        ms(mean(list.map((r) => r.avg)), 2),
        ms(mean(list.map((r) => r.p50)), 1),
        ms(mean(list.map((r) => r.p99)), 1),
        int(list.reduce((a, r) => a + r.requests, 0)),
      ];
    };
    rows.push(...(Object.keys(targets) as Target[]).map((t) => summary(t, targets[t].label)));
    printTable(['round', 'target', 'req/s', 'latency avg', 'p50', 'p99', 'requests'], rows, 2);

    const bareRps = mean(runs.bare.map((r) => r.rps));
    const realRps = mean(runs.real.map((r) => r.rps));
    const overheadUs = 1e6 / realRps - 1e6 / bareRps;
    console.log(`overhead per request: ${int(overheadUs)} µs (1/real - 1/bare req/s)`);
    const uncachedRps = mean(runs.uncached.map((r) => r.rps));
    console.log(
      `api-overhead: without the session cache, GET ${ROUTE} = ${(uncachedRps / bareRps).toPrecision(2)}x of bare Fastify (${int(uncachedRps)} req/s)`,
    );
    console.log(
      `api-overhead: GET ${ROUTE} = ${(realRps / bareRps).toPrecision(2)}x of bare Fastify (${int(realRps)} vs ${int(bareRps)} req/s)`,
    );
  } finally {
    for (const server of servers) await server.close();
    await database?.close();
  }
}

main().then(forceExit, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
  forceExit();
});
