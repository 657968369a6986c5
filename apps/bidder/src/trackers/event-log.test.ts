import { setTimeout as sleep } from 'node:timers/promises';
import { applyStaleFoldEffects, DELIVERY_CHANNEL } from '@rtb/delivery';
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

  it("are applied by another process after the grace when the folder's counters failed, once", async () => {
    const before = await spentUnder();
    const apply = vi.spyOn(f.store, 'applyFold').mockRejectedValueOnce(new Error('store unreachable'));
    try {
      const bid = f.bid();
      expect((await get(`/rtb/bill?t=${f.sign(bid)}&p=1.20`)).statusCode).toBe(200);
      await f.folded();
    } finally {
      apply.mockRestore();
    }
    expect(await spentUnder()).toEqual(before);
    expect(await waitingEffects()).toBe(1);
    expect(await f.registry.getSingleMetricAsString('rtb_fold_effects_total')).toContain(
      'rtb_fold_effects_total{outcome="failed"} 1',
    );
    // Not before the grace; then once, however many processes recover it.
    const recover = () =>
      applyStaleFoldEffects(f.t.deps, { graceMs: 60_000, limit: 10, apply: (e) => f.store.applyFold(e) });
    expect(await recover()).toBe(0);
    const [waiting] = await f.rows<{ fold_id: string; advertiser_id: number; deltas: never }>(
      sql`select fold_id, advertiser_id, deltas from delivery_fold_effects`,
    );
    await f.store.applyFold({
      foldId: waiting?.fold_id as string,
      advertiserId: waiting?.advertiser_id as number,
      deltas: waiting?.deltas as never,
    });
    expect(
      await applyStaleFoldEffects(f.t.deps, { graceMs: 0, limit: 10, apply: (e) => f.store.applyFold(e) }),
    ).toBe(1);
    expect(await spentUnder()).toEqual(before.map((micros) => micros + 1_600));
    expect(await waitingEffects()).toBe(0);
  });
});

async function waitingEffects() {
  const [row] = await f.rows<{ n: string | number }>(sql`select count(*) as n from delivery_fold_effects`);
  return Number(row?.n);
}

async function parked() {
  return f.rows<{ event_key: string; failures: number }>(
    sql`select event_key, failures from delivery_event_log where failures >= 3`,
  );
}
