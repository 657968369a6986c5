import { findPostgresBin, type PrivatePostgres, startPrivatePostgres, until } from '@rtb/operations/testing';
import { messages, REQUEST_TIMEOUT_MS } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectLedgerInvariants } from '../contexts/money/payments/test-helpers';
import { type AppOnPostgres, appOnPostgres } from '../test/app-on-postgres';

const bin = await findPostgresBin();
if (!bin)
  console.warn('database-outage.test.ts skipped: no PostgreSQL binaries under /usr/lib/postgresql/*/bin');

const TOP_UP = 100;
const WORKERS = 6;

interface Outcome {
  kind: 'write' | 'read';
  key?: string;
  status: number;
  message?: string;
  startedAt: number;
  ms: number;
}

describe.skipIf(!bin)('PostgreSQL stopped while requests are in flight (a server of its own)', () => {
  let server: PrivatePostgres;
  let t: AppOnPostgres;
  // An 'error' event nobody listens to (a checked-out pg client losing its server) ends up here.
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    server = await startPrivatePostgres(bin as string);
    t = await appOnPostgres(server.url, { poolSize: 5, connectionTimeoutMs: 2_000 });
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
  });
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await t?.close();
    await server?.destroy();
  });

  const readAdvertiser = () =>
    t.app.inject({
      method: 'GET',
      url: `/api/admin/advertisers/${t.soloId}`,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
  const balance = async () => {
    const res = await readAdvertiser();
    expect(res.statusCode).toBe(200);
    return res.json().data.advertiser.balance as number;
  };

  const topUp = (key: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/admin/advertisers/${t.soloId}/top-ups`,
      headers: { authorization: `Bearer ${t.adminToken}`, 'idempotency-key': key },
      payload: { type: 'manual_top_up', amount: TOP_UP, reason: 'Outage test' },
    });

  it('answers 503 during the outage, survives it, recovers by itself and writes nothing half-way', async () => {
    const before = await balance();
    const outcomes: Outcome[] = [];
    let running = true;
    const timed = async (
      kind: Outcome['kind'],
      key: string | undefined,
      send: () => ReturnType<typeof topUp>,
    ) => {
      const startedAt = Date.now();
      const res = await send();
      outcomes.push({
        kind,
        key,
        status: res.statusCode,
        message: res.statusCode === 503 ? res.json().message : undefined,
        startedAt,
        ms: Date.now() - startedAt,
      });
    };
    const worker = async (n: number) => {
      for (let i = 0; running; i++) {
        const key = `outage-${n}-${i}`;
        await timed('write', key, () => topUp(key));
        await timed('read', undefined, readAdvertiser);
        // Pacing only: a failing request returns at once, and the loop should not spin.
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    };
    const workers = Array.from({ length: WORKERS }, (_, n) => worker(n));
    const count = (status: number, after = 0) =>
      outcomes.filter((o) => o.status === status && o.startedAt >= after).length;

    try {
      await until(() => count(201) >= 20, 'writes before the outage');
      await server.stop();
      const stoppedAt = Date.now();
      await until(() => count(503, stoppedAt) >= 2 * WORKERS, 'answers during the outage');
      await server.start();
      const restartedAt = Date.now();
      await until(() => count(201, restartedAt) >= WORKERS, 'writes after the restart');
      const firstWriteAfter = Math.min(
        ...outcomes
          .filter((o) => o.status === 201 && o.startedAt >= restartedAt)
          .map((o) => o.startedAt + o.ms),
      );
      // The pool replaces its dead connections by itself, within seconds.
      expect(firstWriteAfter - restartedAt).toBeLessThan(5_000);
    } finally {
      running = false;
      await Promise.all(workers);
    }

    expect(crashes).toEqual([]);
    expect(outcomes.filter((o) => o.ms >= REQUEST_TIMEOUT_MS)).toEqual([]);
    const unexpected = outcomes.filter(
      (o) =>
        !(o.kind === 'write' ? [201, 503] : [200, 503]).includes(o.status) ||
        (o.status === 503 && o.message !== messages.databaseUnavailable),
    );
    expect(unexpected).toEqual([]);
    expect(count(503)).toBeGreaterThan(0);

    // A write that answered 503 either committed whole or left nothing: sent again with its key,
    // it is replayed or done now, and then every key has moved the money exactly once.
    for (const o of outcomes.filter((o) => o.kind === 'write' && o.status === 503)) {
      expect((await topUp(o.key as string)).statusCode).toBe(201);
    }
    const writes = outcomes.filter((o) => o.kind === 'write').length;
    expect(await balance()).toBe(before + writes * TOP_UP);
    await expectLedgerInvariants(t.database.db);
  });
});
