import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, type DatabaseHandle } from './client';

/** A channel of this test's own: the PostgreSQL server is shared by suites running at once. */
const channel = () => `test_${randomBytes(4).toString('hex')}`;

/** What a listener received, and a way to wait for the next payload that matches. */
function inbox() {
  const received: string[] = [];
  const waiting: { match: (p: string) => boolean; resolve: (p: string) => void }[] = [];
  return {
    received,
    push(payload: string) {
      received.push(payload);
      for (const waiter of waiting.filter((w) => w.match(payload))) {
        waiting.splice(waiting.indexOf(waiter), 1);
        waiter.resolve(payload);
      }
    },
    next(match: (p: string) => boolean) {
      return new Promise<string>((resolve) => {
        waiting.push({ match, resolve });
      });
    },
  };
}

const notify = (database: DatabaseHandle, name: string, payload: string) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_notify(${name}, ${payload})`);
  });

describe('listen on PGlite', () => {
  let database: DatabaseHandle;
  // PGlite boots on its first query: here, in the hook's time (60 s), not the test's (30 s), which
  // a boot on a loaded machine can use up (the likely cause of one failure at load 13).
  beforeAll(async () => {
    database = createDatabase();
    await database.db.execute(sql`select 1`);
  });
  afterAll(() => database.close());

  it('hears what the same instance notifies once committed, until it stops listening', async () => {
    const name = channel();
    const box = inbox();
    const stop = await database.listen(name, box.push);
    const heard = box.next((p) => p === 'campaigns:12');
    await notify(database, name, 'campaigns:12');
    expect(await heard).toBe('campaigns:12');

    // A rolled-back transaction notifies nobody.
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_notify(${name}, 'rolled-back')`);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    await stop();
    await notify(database, name, 'after-stop');
    // A later notification on another channel proves the instance has delivered everything.
    const other = channel();
    const otherBox = inbox();
    const stopOther = await database.listen(other, otherBox.push);
    const done = otherBox.next(() => true);
    await notify(database, other, 'x');
    await done;
    await stopOther();
    expect(box.received).toEqual(['campaigns:12']);
  });
});

const serverUrl = process.env.DATABASE_URL;

describe.skipIf(!serverUrl)('listen on PostgreSQL', () => {
  let database: DatabaseHandle;
  beforeAll(() => {
    database = createDatabase({ url: serverUrl });
  });
  afterAll(() => database.close());

  it('hears notifications, and after its connection is killed reconnects, says "*:" and hears again', async () => {
    const name = channel();
    const box = inbox();
    const stop = await database.listen(name, box.push);
    try {
      const first = box.next((p) => p === 'ledger_accounts:7');
      await notify(database, name, 'ledger_accounts:7');
      expect(await first).toBe('ledger_accounts:7');

      const reloaded = box.next((p) => p === '*:');
      const killed = await database.db.execute(sql`
        select pg_terminate_backend(pid) as killed from pg_stat_activity
        where datname = current_database() and query = ${`LISTEN "${name}"`}`);
      expect((killed as unknown as { rows: { killed: boolean }[] }).rows).toEqual([{ killed: true }]);
      await reloaded;

      const later = box.next((p) => p === 'campaigns:8');
      await notify(database, name, 'campaigns:8');
      expect(await later).toBe('campaigns:8');
      expect(box.received).toEqual(['ledger_accounts:7', '*:', 'campaigns:8']);
    } finally {
      await stop();
    }
  });
});
