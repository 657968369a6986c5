import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TrackerFixture, trackerFixture } from '../test/tracker-fixture';

/**
 * The durable event log behind the trackers (decision 0027): answered once appended, folded into
 * the records after, and a row that cannot be folded parked without holding back the others.
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

async function parked() {
  return f.rows<{ event_key: string; failures: number }>(
    sql`select event_key, failures from delivery_event_log where failures >= 3`,
  );
}
