import { execFile } from 'node:child_process';
import { request } from 'node:http';
import { promisify } from 'node:util';
import {
  freePort,
  type PrivatePostgres,
  type PrivateRedis,
  startNodeProcess,
  until,
  untilReady,
  within,
} from '@rtb/operations/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteRequest } from '../test/exchange';
import { privateServersAvailable, startPrivateServers } from '../test/private-servers';

/*
 * `npm run bidder` with BIDDER_WORKERS=2 (a primary and two bidder processes on one port) on a
 * PostgreSQL and a Redis of the test's own: the port is served by both, the primary sums their
 * metrics, a worker killed is replaced, and SIGTERM drains them all.
 */

const available = privateServersAvailable('bidder-cluster.test.ts');
const run = promisify(execFile);

/** One bid request on a connection of its own (the cluster hands out connections, not requests). */
const bidOnce = (port: number) =>
  new Promise<number>((resolve, reject) => {
    const body = JSON.stringify(siteRequest({ id: `r${Math.random()}` }));
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/openrtb2/bid',
        method: 'POST',
        agent: false,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(body);
  });

/** The pids of a process's bidder children (not the TypeScript loader's helper). */
async function childrenOf(pid: number): Promise<number[]> {
  const { stdout } = await run('ps', ['-o', 'pid=,args=', '--ppid', String(pid)]).catch(() => ({
    stdout: '',
  }));
  return stdout
    .split('\n')
    .filter((line) => line.includes('apps/bidder/src/main.ts'))
    .map((line) => Number.parseInt(line.trim(), 10));
}

const metricValue = (text: string, pattern: RegExp) =>
  [...text.matchAll(pattern)].reduce((sum, match) => sum + Number(match[1]), 0);

describe.runIf(available)('npm run bidder with two workers', () => {
  let postgres: PrivatePostgres;
  let redis: PrivateRedis;

  beforeAll(async () => {
    const servers = await startPrivateServers();
    ({ postgres, redis } = servers);
    await servers.database.close();
  }, 120_000);

  afterAll(async () => {
    await redis?.destroy();
    await postgres?.destroy();
  });

  it('serves one port from both, sums their metrics, replaces a dead worker and drains on SIGTERM', async () => {
    const port = await freePort();
    const metricsPort = await freePort();
    const primary = startNodeProcess('apps/bidder/src/main.ts', {
      DATABASE_URL: postgres.url,
      REDIS_URL: redis.url,
      BIDDER_PORT: String(port),
      BIDDER_METRICS_PORT: String(metricsPort),
      BIDDER_WORKERS: '2',
      HOST: '127.0.0.1',
      RTB_SIGNING_KEY: 'the-signing-key-every-bidder-worker-shares',
      DRAIN_TIMEOUT_MS: '1000',
      LOG_LEVEL: 'warn',
    });
    try {
      await untilReady(`http://127.0.0.1:${metricsPort}`, primary);
      const workers = await childrenOf(primary.child.pid as number);
      expect(workers).toHaveLength(2);

      const answers = await Promise.all(Array.from({ length: 20 }, () => bidOnce(port)));
      expect(answers).toEqual(Array(20).fill(204));
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metricValue(metrics, /^rtb_bid_requests_total\{[^}]*\} (\d+)/gm)).toBe(20);
      expect(metrics).toMatch(/^rtb_bidder_workers 2$/m);

      process.kill(workers[0] as number, 'SIGKILL');
      await until(
        async () => {
          const now = await childrenOf(primary.child.pid as number);
          return now.length === 2 && !now.includes(workers[0] as number);
        },
        'a new worker in place of the dead one',
        60_000,
      );
      await untilReady(`http://127.0.0.1:${metricsPort}`, primary);
      expect(await bidOnce(port)).toBe(204);

      const replaced = await childrenOf(primary.child.pid as number);
      primary.child.kill('SIGTERM');
      const { code } = await within(primary.exited, 30_000, 'the primary to exit after SIGTERM');
      expect(code, primary.output()).toBe(0);
      for (const pid of replaced) expect(() => process.kill(pid, 0)).toThrow();
    } finally {
      await primary.kill();
    }
  }, 240_000);
});
