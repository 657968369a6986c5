import { workerLeases } from '@rtb/db';
import { eq, sql } from 'drizzle-orm';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { startLeasedTask } from './leased-task';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(workerLeases);
});

const silent = { error: () => {} };
const HOUR = 3_600_000;

/** A process's leased task whose round answers which process did it, and its lease gauge. */
function processTask(name: string, round?: (holds: () => Promise<boolean>) => Promise<string>) {
  const registry = new Registry();
  const task = startLeasedTask<string | null>({
    lease: 'test-work',
    leaseTtlMs: HOUR,
    db: t.database.db,
    registry,
    round: async (_stopping, holds) => (round ? round(holds) : name),
    skipped: null,
    failed: null,
    failure: 'test work failed',
    log: silent,
    intervalMs: null,
  });
  const held = async () =>
    (await registry.getSingleMetric('rtb_worker_lease_held')?.get())?.values.find(
      (v) => v.labels.lease === 'test-work',
    )?.value;
  return { task, held };
}

/** The holder's lease lapsed: it was killed, or cut off from the database, an hour ago. */
const lapse = () =>
  t.database.db
    .update(workerLeases)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(workerLeases.name, 'test-work'));

describe('a task one process at a time does (startLeasedTask)', () => {
  it('is done by the process that took its lease; the others skip it and say so in their gauge', async () => {
    const a = processTask('a');
    const b = processTask('b');
    expect(await a.task.runOnce()).toBe('a');
    expect(await b.task.runOnce()).toBeNull();
    expect(await a.task.runOnce()).toBe('a');
    expect([await a.held(), await b.held()]).toEqual([1, 0]);
    await a.task.stop();
    await b.task.stop();
  });

  it('goes to another process at once when its holder stops', async () => {
    const a = processTask('a');
    const b = processTask('b');
    await a.task.runOnce();
    await a.task.stop();
    expect(await a.held()).toBe(0);
    expect(await b.task.runOnce()).toBe('b');
    expect(await b.held()).toBe(1);
    await b.task.stop();
  });

  it('goes to another process once the lease of a holder that stopped answering lapsed, and not before', async () => {
    const a = processTask('a');
    const b = processTask('b');
    await a.task.runOnce();
    expect(await b.task.runOnce()).toBeNull();
    await lapse();
    expect(await b.task.runOnce()).toBe('b');
    // The old holder, back, finds it taken.
    expect(await a.task.runOnce()).toBeNull();
    await a.task.stop();
    // Its stop gave nothing back: the lease is still the new holder's.
    expect(await processTask('c').task.runOnce()).toBeNull();
    await b.task.stop();
  });

  it('tells a long round, at its next renewal, that another process took the work over', async () => {
    const b = processTask('b');
    const renewals: boolean[] = [];
    const a = processTask('a', async (holds) => {
      renewals.push(await holds());
      await lapse();
      expect(await b.task.runOnce()).toBe('b');
      renewals.push(await holds());
      return 'a';
    });
    await a.task.runOnce();
    expect(renewals).toEqual([true, false]);
    expect([await a.held(), await b.held()]).toEqual([0, 1]);
    await a.task.stop();
    await b.task.stop();
  });

  it('is taken by one of eight processes asking at once', async () => {
    const tasks = Array.from({ length: 8 }, (_, i) => processTask(`p${i}`));
    const done = await Promise.all(tasks.map(({ task }) => task.runOnce()));
    expect(done.filter((by) => by !== null)).toHaveLength(1);
    await Promise.all(tasks.map(({ task }) => task.stop()));
  });
});
