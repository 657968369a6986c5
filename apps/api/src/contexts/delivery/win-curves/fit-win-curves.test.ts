import {
  type DeliveryEventInput,
  firstPriceOutcomes,
  fitWinCurves,
  recordDeliveryEvents,
  type StoredWinCurve,
  saveWinCurves,
  WIN_CURVE_STALE_MS,
  type WinCurveFitOptions,
  winCurvesUpdatedAfter,
} from '@rtb/delivery';
import { initialWinCurveState, LogLogisticWinCurve, winCurveSegment } from '@rtb/rtb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertNotices, type MarketBid, marketBids, recordedContext } from './test-helpers';

const HOUR = 3_600_000;
const DAY = { windowMs: 24 * HOUR } satisfies WinCurveFitOptions;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * Each test's own day: its bids are made in the 24 hours before its `now`, where no other test's
 * are, so that each fit reads its own outcomes only (and the days stay within the 7 a curve is kept).
 */
const daysAgo = (days: number) => new Date(Date.now() - days * DAY.windowMs);
const hoursBefore = (at: Date, hours: number) => new Date(at.getTime() - hours * HOUR);
const segmentOf = (domain: string) => winCurveSegment({ currency: 'PLN', domain, width: 300, height: 250 });

async function storedCurves(): Promise<Map<string, StoredWinCurve>> {
  return new Map((await winCurvesUpdatedAfter(t.database.db, null)).map((curve) => [curve.segment, curve]));
}

describe('the outcomes of first-price bids', () => {
  const domain = 'notices.example';
  const now = daysAgo(7);
  const bidAt = hoursBefore(now, 1);
  /** A notice of bid `bidId` as the trackers record it (its context signed in the bid's token). */
  const notice = (
    kind: 'win' | 'impression' | 'loss',
    bidId: string,
    change: Partial<DeliveryEventInput> = {},
  ): DeliveryEventInput => ({
    kind,
    source: kind === 'win' ? 'nurl' : kind === 'impression' ? 'burl' : 'lurl',
    occurredAt: new Date(bidAt.getTime() + 1_000),
    bidAt,
    advertiserId: 1,
    bidId,
    domain,
    bidContext: recordedContext({ bid: 2_000 }),
    ...change,
  });
  const loss = (bidId: string, lossReason: number | null, minToWinMicros: number | null = null) =>
    notice('loss', bidId, { lossReason, minToWinMicros });
  const record = (events: DeliveryEventInput[]) =>
    inTransaction(t.deps, (tx) => recordDeliveryEvents(tx, events));

  it('are one per bid: won by a win or billing notice, lost by a loss for its price, and nothing else', async () => {
    await record([
      notice('win', 'won'),
      // A bot saw the ad, but the auction was won all the same.
      notice('impression', 'billed-to-a-bot', { invalidReason: 'bot' }),
      notice('win', 'won-and-billed'),
      notice('impression', 'won-and-billed'),
      loss('outbid', 102, 2_600),
      loss('under-the-floor', 100),
      loss('no-reason-given', null),
      loss('reason-zero', 0),
      loss('creative-filtered', 202),
      loss('deal-preferred', 103),
      loss('exchange-specific', 1_001),
      loss('won-after-all', 102),
      notice('win', 'lost-after-its-win'),
      notice('win', 'a-test-request', { invalidReason: 'test' }),
      notice('win', 'second-price', { bidContext: recordedContext({ at: 2 }) }),
      notice('loss', 'second-price-lost', { lossReason: 102, bidContext: recordedContext({ at: 2 }) }),
      notice('win', 'before-contexts', { bidContext: null }),
      notice('win', 'too-old', { bidAt: hoursBefore(now, 3) }),
      notice('win', 'other-size', { bidContext: recordedContext({ bid: 2_000, w: 728, h: 90 }) }),
    ]);
    // Notices that come later: a win after its loss, a loss after its win.
    const later = await record([notice('win', 'won-after-all'), loss('lost-after-its-win', 102)]);
    expect(later.map((event) => event.invalidReason)).toEqual([null, 'loss_after_win']);

    const from = hoursBefore(now, 2);
    const outcomes = await firstPriceOutcomes(t.database.db, { from, to: now, after: null, limit: 100 });
    const byBid = Object.fromEntries(outcomes.map(({ bidId, outcome }) => [bidId, outcome]));
    const won = { kind: 'won', bidMicros: 2_000 };
    const lost = (minToWinMicros: number | null) => ({ kind: 'lost', bidMicros: 2_000, minToWinMicros });
    expect(byBid).toEqual({
      won,
      'billed-to-a-bot': won,
      'won-and-billed': won,
      outbid: lost(2_600),
      'under-the-floor': lost(null),
      'no-reason-given': lost(null),
      'reason-zero': lost(null),
      'won-after-all': won,
      'lost-after-its-win': won,
      'other-size': won,
    });
    expect(outcomes.find(({ bidId }) => bidId === 'other-size')?.segment).toEqual({
      currency: 'PLN',
      domain,
      width: 728,
      height: 90,
    });
  });
});

describe('fitWinCurves', () => {
  const market = { median: 8_000, scale: 0.4 };
  /** Bids of the 20 hours before `now` against `market`, ours at 3,000 to 20,000 micro-units an impression. */
  const bidsOn = (now: Date, domain: string, count: number, prefix = domain) =>
    marketBids(prefix, {
      domain,
      market,
      count,
      from: hoursBefore(now, 20),
      to: hoursBefore(now, 0.5),
      low: 3_000,
      high: 20_000,
    });

  it('learns the market from the first-price outcomes, and from nothing else', async () => {
    const now = daysAgo(6);
    const domain = 'market.example';
    const bids = bidsOn(now, domain, 4_000);
    // What must not teach it: second-price wins cheap, losses of filtered creatives dear, test requests.
    const kinds: Pick<MarketBid, 'context' | 'notice' | 'test'>[] = [
      { context: recordedContext({ at: 2, bid: 1_000 }), notice: { won: true } },
      {
        context: recordedContext({ bid: 50_000 }),
        notice: { won: false, lossReason: 202, minToWinMicros: null },
      },
      { context: recordedContext({ bid: 1_000 }), notice: { won: true }, test: true },
    ];
    const noise = Array.from({ length: 600 }, (_, i) => ({
      bidId: `noise-${i}`,
      bidAt: hoursBefore(now, 10),
      domain,
      ...(kinds[i % kinds.length] as (typeof kinds)[number]),
    }));
    await insertNotices(t.database.db, [...bids, ...noise]);

    const fit = await fitWinCurves(t.deps, now, DAY);
    const stored = (await storedCurves()).get(segmentOf(domain));
    expect(stored?.state.observations).toBe(4_000);
    expect(fit).toMatchObject({ fitted: 1, untrusted: 0, observed: 4_000 });
    const curve = new LogLogisticWinCurve(stored?.state ?? initialWinCurveState(1));
    // The median competing bid, and the spread around it.
    expect(Math.exp(curve.state.location)).toBeGreaterThan(8_000 * 0.97);
    expect(Math.exp(curve.state.location)).toBeLessThan(8_000 * 1.03);
    expect(Math.exp(curve.state.logScale)).toBeGreaterThan(0.37);
    expect(Math.exp(curve.state.logScale)).toBeLessThan(0.43);
    expect(stored?.updatedAt).toEqual(now);
  });

  it('stores a segment once it has 500 outcomes, not before: fewer, and the bidders shade nothing there', async () => {
    const now = daysAgo(5);
    await insertNotices(t.database.db, [
      ...bidsOn(now, 'young.example', 499),
      ...bidsOn(now, 'grown.example', 500),
    ]);
    const fit = await fitWinCurves(t.deps, now, DAY);
    const stored = await storedCurves();
    expect(stored.has(segmentOf('young.example'))).toBe(false);
    expect(stored.get(segmentOf('grown.example'))?.state.observations).toBe(500);
    expect(fit).toEqual({ fitted: 1, untrusted: 1, observed: 500, deleted: 0 });
  });

  it('counts each outcome once however often it runs', async () => {
    const now = daysAgo(4);
    await insertNotices(t.database.db, bidsOn(now, 'rerun.example', 600));
    const observed = async () => (await storedCurves()).get(segmentOf('rerun.example'))?.state;
    await fitWinCurves(t.deps, now, DAY);
    const first = await observed();
    await fitWinCurves(t.deps, now, DAY);
    expect(await observed()).toEqual(first);
    expect(first?.observations).toBe(600);
    // New outcomes: the next fit has them too, and still each once.
    await insertNotices(t.database.db, bidsOn(now, 'rerun.example', 150, 'rerun-later'));
    await fitWinCurves(t.deps, now, DAY);
    expect((await observed())?.observations).toBe(750);
  });

  it("learns a segment's newest outcomes, oldest first, read in pages of any size", async () => {
    const now = daysAgo(3);
    const bids = bidsOn(now, 'busy.example', 900);
    await insertNotices(t.database.db, bids);
    const stateOf = async () => (await storedCurves()).get(segmentOf('busy.example'))?.state;
    // The newest 600 alone: the bids made from the 600th newest on.
    const newest = bids[300]?.bidAt ?? now;
    await fitWinCurves(t.deps, now, { windowMs: now.getTime() - newest.getTime() });
    const expected = await stateOf();
    expect(expected?.observations).toBe(600);
    await fitWinCurves(t.deps, now, { ...DAY, limits: { pageSize: 97, maxPerSegment: 600 } });
    expect(await stateOf()).toEqual(expected);
    // Small pages read the same outcomes as large ones.
    await fitWinCurves(t.deps, now, { ...DAY, limits: { pageSize: 251, maxPerSegment: 20_000 } });
    const paged = await stateOf();
    await fitWinCurves(t.deps, now, DAY);
    expect(paged?.observations).toBe(900);
    expect(await stateOf()).toEqual(paged);
  });

  it('follows a market that moves: its newest outcomes are learned last', async () => {
    const now = daysAgo(2);
    const domain = 'moving.example';
    const range = { domain, count: 6_000, low: 3_000, high: 30_000 };
    await insertNotices(t.database.db, [
      ...marketBids('moving-before', {
        ...range,
        market,
        from: hoursBefore(now, 20),
        to: hoursBefore(now, 10),
      }),
      ...marketBids('moving-after', {
        ...range,
        market: { median: 16_000, scale: 0.4 },
        from: hoursBefore(now, 10),
        to: hoursBefore(now, 0.5),
      }),
    ]);
    await fitWinCurves(t.deps, now, DAY);
    const state = (await storedCurves()).get(segmentOf(domain))?.state;
    // Nearer the new market than the old (learned the other way round, it would be nearer the old).
    expect(Math.exp(state?.location ?? 0)).toBeGreaterThan(Math.sqrt(8_000 * 16_000) * 1.05);
  });

  it('deletes a curve not fitted for 7 days: its segment has gone quiet', async () => {
    const now = daysAgo(0);
    const state = { ...initialWinCurveState(5_000), observations: 800 };
    const since = (ms: number) => new Date(now.getTime() - ms);
    await saveWinCurves(
      t.database.db,
      [{ segment: segmentOf('gone.example'), state }],
      since(WIN_CURVE_STALE_MS + 1),
    );
    await saveWinCurves(
      t.database.db,
      [{ segment: segmentOf('quiet.example'), state }],
      since(WIN_CURVE_STALE_MS - HOUR),
    );
    const fit = await fitWinCurves(t.deps, now, DAY);
    const stored = await storedCurves();
    expect(fit.deleted).toBe(1);
    expect(stored.has(segmentOf('gone.example'))).toBe(false);
    expect(stored.get(segmentOf('quiet.example'))?.state).toEqual(state);
  });

  it("leaves the curves of a later fit (another process's) as they are", async () => {
    const now = daysAgo(1);
    await insertNotices(t.database.db, bidsOn(now, 'raced.example', 500));
    await fitWinCurves(t.deps, now, DAY);
    await fitWinCurves(t.deps, new Date(now.getTime() - 60_000), DAY);
    expect((await storedCurves()).get(segmentOf('raced.example'))?.updatedAt).toEqual(now);
  });
});
