import { createDatabase, type DatabaseTimeouts, idempotencyKeys } from '@rtb/db';
import { findPostgresBin, type PrivatePostgres, startPrivatePostgres, until } from '@rtb/operations/testing';
import { messages } from '@rtb/shared';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { expectLedgerInvariants, rowsOf } from '../contexts/money/payments/test-helpers';
import { type AppOnPostgres, appOnPostgres } from '../test/app-on-postgres';
import { testConfig } from '../test/harness';

const bin = await findPostgresBin();
if (!bin)
  console.warn('database-timeouts.test.ts skipped: no PostgreSQL binaries under /usr/lib/postgresql/*/bin');

// Short, so the test is quick; production defaults are in docs/operations.md.
const timeouts: DatabaseTimeouts = { statementMs: 1_000, lockMs: 500, idleInTransactionMs: 1_000 };
const CONNECTION_TIMEOUT_MS = 1_000;
const POOL_SIZE = 4;
/** The longest a request may take with these timeouts: a connection, a statement, the client's margin. */
const WORST_CASE_MS = CONNECTION_TIMEOUT_MS + timeouts.statementMs + 2_000 + 1_000;
/** A timeout set far beyond the others, so that it cannot be the one that answered. */
const PATIENT_MS = 60_000;
/** Far below PATIENT_MS and far above the short timeouts, however loaded the machine. */
const ANSWERED_WITHIN_MS = 20_000;

describe.skipIf(!bin)('PostgreSQL timeouts (a server of its own)', () => {
  let server: PrivatePostgres;
  let t: AppOnPostgres;
  /** A session of a "other process" that holds locks. */
  let other: pg.Client;
  const crashes: unknown[] = [];
  const onCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    server = await startPrivatePostgres(bin as string);
    t = await appOnPostgres(server.url, {
      poolSize: POOL_SIZE,
      connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
      timeouts,
    });
    other = new pg.Client({ connectionString: server.url });
    await other.connect();
    process.on('uncaughtException', onCrash);
    process.on('unhandledRejection', onCrash);
  });
  afterAll(async () => {
    process.off('uncaughtException', onCrash);
    process.off('unhandledRejection', onCrash);
    await other?.end();
    await t?.close();
    await server?.destroy();
  });

  const topUp = (app: FastifyInstance, key: string) =>
    app.inject({
      method: 'POST',
      url: `/api/admin/advertisers/${t.soloId}/top-ups`,
      headers: { authorization: `Bearer ${t.adminToken}`, 'idempotency-key': key },
      payload: { type: 'manual_top_up', amount: 100, reason: 'Timeout test' },
    });
  const balance = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/advertisers/${t.soloId}`,
      headers: { authorization: `Bearer ${t.adminToken}` },
    });
    expect(res.statusCode).toBe(200);
    return res.json().data.advertiser.balance as number;
  };
  const keyStored = async (key: string) =>
    (await t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).length > 0;
  /** Sessions other than the lock holder's left inside a transaction. */
  const idleInTransaction = async () =>
    (
      await other.query(
        `select pid from pg_stat_activity
         where datname = current_database() and state like 'idle in transaction%' and pid <> pg_backend_pid()`,
      )
    ).rows;

  /** Runs `request` while another session holds ledger_entries against writers. */
  async function whileLedgerLocked<T>(request: () => Promise<T>): Promise<T> {
    await other.query('begin');
    try {
      await other.query('lock table ledger_entries in exclusive mode');
      return await request();
    } finally {
      await other.query('rollback');
    }
  }

  /**
   * An app of another process whose timeouts are `timeouts` but for `patient`, set far longer, so
   * that the answer within `ANSWERED_WITHIN_MS` can only come from the other timeout (a bound
   * load cannot reach, unlike one near the timeouts themselves).
   */
  async function withAppPatientOn<T>(
    patient: 'statementMs' | 'lockMs',
    run: (app: FastifyInstance) => Promise<T>,
  ): Promise<T> {
    const database = createDatabase({
      url: server.url,
      poolSize: 2,
      connectionTimeoutMs: CONNECTION_TIMEOUT_MS,
      timeouts: { ...timeouts, [patient]: PATIENT_MS },
    });
    const { app } = await buildApp({ db: database.db, config: testConfig(), logger: false });
    try {
      return await run(app);
    } finally {
      await app.close();
      await database.close();
    }
  }

  it('a write waiting for a lock longer than the lock timeout answers 503 and leaves nothing', async () => {
    const before = await balance();
    const started = Date.now();
    // The statement timeout is 60 s here: a 503 well before it is the lock timeout's.
    const res = await withAppPatientOn('statementMs', (app) =>
      whileLedgerLocked(() => topUp(app, 'lock-wait')),
    );
    const elapsed = Date.now() - started;

    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      message: messages.requestTimeout,
      code: 503,
      error: 'common.request_timeout',
    });
    expect(elapsed).toBeGreaterThanOrEqual(timeouts.lockMs);
    expect(elapsed).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(await keyStored('lock-wait')).toBe(false);
    expect(await balance()).toBe(before);
    expect(await idleInTransaction()).toEqual([]);
    // The same request, once the lock is gone, is done now (it was not half-done before).
    const retry = await topUp(t.app, 'lock-wait');
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBeUndefined();
    expect(await balance()).toBe(before + 100);
  });

  it('a statement running longer than the statement timeout answers 503 and leaves nothing', async () => {
    // The lock timeout is 60 s here: the statement timeout cancels the wait for the lock.
    const before = await balance();
    const started = Date.now();
    const res = await withAppPatientOn('lockMs', (app) =>
      whileLedgerLocked(() => topUp(app, 'statement-wait')),
    );
    const elapsed = Date.now() - started;

    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      message: messages.requestTimeout,
      code: 503,
      error: 'common.request_timeout',
    });
    expect(elapsed).toBeGreaterThanOrEqual(timeouts.statementMs);
    expect(elapsed).toBeLessThan(ANSWERED_WITHIN_MS);
    expect(await keyStored('statement-wait')).toBe(false);
    expect(await balance()).toBe(before);
    expect(await idleInTransaction()).toEqual([]);
  });

  it('a transaction left idle longer than the idle timeout is ended by the server, without a crash', async () => {
    const failure = await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await until(async () => (await idleInTransaction()).length === 0, 'the server to end the session');
        await tx.execute(sql`select 1`);
      })
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).toBeInstanceOf(Error);
    expect(crashes).toEqual([]);
    // The pool dropped the ended connection; the next transaction gets a working one.
    expect(rowsOf(await t.database.db.execute(sql`select 1 as one`))).toEqual([{ one: 1 }]);
  });

  it('a frozen server (SIGSTOP) fails requests within the limit instead of hanging them; all is well after SIGCONT', async () => {
    // Every pooled connection open and idle, and the admin's session cached, so that the frozen
    // requests each take an open connection and stop at their transaction's first statement.
    await Promise.all(
      Array.from({ length: POOL_SIZE }, () =>
        t.database.db.transaction((tx) => tx.execute(sql`select pg_sleep(0.05)`)),
      ),
    );
    const before = await balance();
    const keys = Array.from({ length: POOL_SIZE }, (_, i) => `frozen-${i}`);
    await server.signalAll('SIGSTOP');
    let answers: { status: number; message: string; ms: number }[];
    try {
      answers = await Promise.all(
        keys.map(async (key) => {
          const started = Date.now();
          const res = await topUp(t.app, key);
          return { status: res.statusCode, message: res.json().message, ms: Date.now() - started };
        }),
      );
    } finally {
      await server.signalAll('SIGCONT');
    }
    for (const answer of answers) {
      expect(answer.status, answer.message).toBe(503);
      expect([messages.requestTimeout, messages.databaseUnavailable]).toContain(answer.message);
      expect(answer.ms).toBeLessThan(WORST_CASE_MS);
    }

    await until(
      async () => (await topUp(t.app, 'after-thaw')).statusCode === 201,
      'a write after SIGCONT',
      10_000,
    );
    // Whatever the frozen server had begun, it committed whole or not at all: done again with
    // their keys, the writes moved the money once each.
    for (const key of keys) expect((await topUp(t.app, key)).statusCode).toBe(201);
    expect(await balance()).toBe(before + 100 * (keys.length + 1));
    await expectLedgerInvariants(t.database.db);
    expect(crashes).toEqual([]);
  });
});
