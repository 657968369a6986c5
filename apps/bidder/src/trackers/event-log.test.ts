import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { deliveryFoldEffects } from '@rtb/db';
import {
  applyStaleFoldEffects,
  DELIVERY_CHANNEL,
  FOLD_EFFECTS_KEPT_MS,
  foldEffectsApplied,
} from '@rtb/delivery';
import { until } from '@rtb/operations/testing';
import { spendKeysOf } from '@rtb/rtb';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type TrackerFixture, trackerFixture } from '../test/tracker-fixture';

/**
 * The durable event log behind the trackers (decision 0027): answered once appended, folded into
 * the records after, and a row that cannot be folded parked without holding back the others; a
 * fold's spend reaches the budget counters as its effects, once (decision 0031).
 */
let f: TrackerFixture;
beforeAll(async () => {
  f = await trackerFixture();
});
afterAll(() => f.close());

const get = (url: string) => f.request({ method: 'GET', url });

// The log in the database (on NATS: jetstream-event-log.test.ts).
describe.skipIf(process.env.NATS_URL)('the event log in the database', () => {
  it('folds a batch around a row that cannot be folded, and parks that row after three failures alone', async () => {
    const bids = Array.from({ length: 6 }, () => f.bid());
    const poisoned = bids[3]?.bid as string;
    const restore = await f.failInserts('delivery_events', poisoned);
    try {
      // All at once: one append, one fold that fails, then halves until the row is alone.
      const answers = await Promise.all(bids.map((bid) => get(`/rtb/bill?t=${f.sign(bid)}&p=1`)));
      expect(answers.map((a) => a.statusCode)).toEqual(Array(6).fill(200));
      for (let i = 0; i < 20 && (await parked()).length === 0; i++) await f.folded().catch(() => {});
      expect(await parked()).toEqual([{ event_key: `impression:${poisoned}`, failures: 3 }]);
      await f.folded();
      for (const bid of bids) expect(await f.eventsOf(bid.bid)).toHaveLength(bid.bid === poisoned ? 0 : 1);
      // The parked row is never claimed again: later events fold past it.
      const later = f.bid();
      expect((await get(`/rtb/bill?t=${f.sign(later)}&p=1`)).statusCode).toBe(200);
      await f.folded();
      expect(await f.eventsOf(later.bid)).toHaveLength(1);
    } finally {
      await restore();
    }
  });
});

describe("a fold's effects on the budget counters", () => {
  const spentUnder = async () =>
    (await f.store.totals(spendKeysOf(f.shopId, f.campaignId, f.today).map(({ key }) => key))).map(
      (total) => total.spentMicros,
    );

  it('reach the counters once, and no bidder is told to reload for the spend', async () => {
    const payloads: string[] = [];
    const stop = await f.t.database.listen(DELIVERY_CHANNEL, (payload) => payloads.push(payload));
    try {
      const before = await spentUnder();
      const bid = f.bid();
      expect((await get(`/rtb/bill?t=${f.sign(bid)}&p=1.20`)).statusCode).toBe(200);
      await f.folded();
      expect(await spentUnder()).toEqual(before.map((micros) => micros + 1_600));
      expect(await waitingEffects()).toBe(0);
      // The ledger's spend changed without a notification; a top-up still sends one.
      await sleep(100);
      expect(payloads.filter((p) => p.startsWith('ledger_accounts:'))).toEqual([]);
      await f.t.database.db.execute(
        sql`update ledger_accounts set balance = balance + 1 where advertiser_id = ${f.shopId} and purpose = 'balance'`,
      );
      for (let i = 0; i < 50 && !payloads.length; i++) await sleep(20);
      expect(payloads).toContain(`ledger_accounts:${f.shopId}`);
    } finally {
      await stop();
    }
  });

  it('are retried by the folder while the budget store fails, and counted once it answers', async () => {
    const before = await spentUnder();
    const apply = vi.spyOn(f.store, 'applyFold').mockRejectedValue(new Error('store unreachable'));
    try {
      const bid = f.bid();
      expect((await get(`/rtb/bill?t=${f.sign(bid)}&p=1.20`)).statusCode).toBe(200);
      await f.folded();
      expect(await spentUnder()).toEqual(before);
      expect(await waitingEffects()).toBe(1);
      expect(await f.registry.getSingleMetricAsString('rtb_fold_effects_total')).toMatch(
        /rtb_fold_effects_total\{outcome="failed"\} [1-9]/,
      );
    } finally {
      apply.mockRestore();
    }
    // The folder's loop tries again (every second at the latest): once, then the row goes.
    await until(async () => (await waitingEffects()) === 0, 'the folder to apply its effects', 10_000);
    expect(await spentUnder()).toEqual(before.map((micros) => micros + 1_600));
  });

  it('of a process that died are applied by another after the grace, once', async () => {
    const before = await spentUnder();
    // A fold committed by a process that applied its effects and died before deleting them.
    const fold = {
      foldId: randomUUID(),
      advertiserId: f.shopId,
      deltas: spendKeysOf(f.shopId, f.campaignId, f.today).map((key) => ({ ...key, micros: 700 })),
    };
    await f.t.database.db.insert(deliveryFoldEffects).values(fold);
    await f.store.applyFold(fold);
    const recover = (graceMs: number) =>
      applyStaleFoldEffects(f.t.deps, { graceMs, limit: 10, apply: (e) => f.store.applyFold(e) });
    // Not before the grace; then once, however many processes recover it.
    expect(await recover(60_000)).toBe(0);
    expect(await recover(0)).toBe(1);
    expect(await recover(0)).toBe(0);
    expect(await spentUnder()).toEqual(before.map((micros) => micros + 700));
    expect(await waitingEffects()).toBe(0);
  });

  it('stay a while once applied, for the reloads that observed the counters before, then go', async () => {
    const kept = { foldId: randomUUID(), advertiserId: f.shopId, deltas: [] };
    const old = { foldId: randomUUID(), advertiserId: f.shopId, deltas: [] };
    await f.t.database.db.insert(deliveryFoldEffects).values([kept, old]);
    await foldEffectsApplied(f.t.deps, [kept, old]);
    const keptFolds = async () =>
      (
        await f.rows<{ fold_id: string }>(
          sql`select fold_id from delivery_fold_effects where fold_id in (${kept.foldId}::uuid, ${old.foldId}::uuid)`,
        )
      ).map((row) => row.fold_id);
    expect((await keptFolds()).sort()).toEqual([kept.foldId, old.foldId].sort());
    await f.rows(
      sql`update delivery_fold_effects set applied_at = now() - make_interval(secs => ${FOLD_EFFECTS_KEPT_MS / 1000 + 1})
          where fold_id = ${old.foldId}::uuid`,
    );
    await foldEffectsApplied(f.t.deps, []);
    expect(await keptFolds()).toEqual([kept.foldId]);
  });
});

async function waitingEffects() {
  const [row] = await f.rows<{ n: string | number }>(
    sql`select count(*) as n from delivery_fold_effects where applied_at is null`,
  );
  return Number(row?.n);
}

async function parked() {
  return f.rows<{ event_key: string; failures: number }>(
    sql`select event_key, failures from delivery_event_log where failures >= 3`,
  );
}
