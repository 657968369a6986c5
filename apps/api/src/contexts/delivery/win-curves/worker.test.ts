import { winCurvesUpdatedAfter } from '@rtb/delivery';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { insertNotices, marketBids } from './test-helpers';
import { startWinCurveWorker } from './worker';

const HOUR = 3_600_000;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ config: { winCurves: { intervalMs: HOUR, windowMs: 24 * HOUR } } });
});
afterAll(() => t.close());

const silent = { info: () => {}, error: () => {} };

describe('the win curve worker', () => {
  it('fits the curves in a round and says so in its metrics', async () => {
    const now = Date.now();
    const bids = (domain: string, count: number) =>
      marketBids(domain, {
        domain,
        market: { median: 8_000, scale: 0.4 },
        count,
        from: new Date(now - 12 * HOUR),
        to: new Date(now - HOUR),
        low: 3_000,
        high: 20_000,
      });
    await insertNotices(t.database.db, [...bids('busy.example', 700), ...bids('new.example', 40)]);
    const registry = new Registry();
    const worker = startWinCurveWorker({ deps: t.deps, log: silent, registry, timer: false });
    const fit = await worker.runOnce();
    await worker.stop();

    expect(fit).toEqual({ fitted: 1, untrusted: 1, observed: 700, deleted: 0 });
    expect((await winCurvesUpdatedAfter(t.database.db, null)).map((curve) => curve.segment)).toEqual([
      'PLN|busy.example|300x250',
    ]);
    /** A metric's sample: of `name` itself (a histogram's `_count` by `sampleName`), with these labels. */
    const sample = async (name: string, labels: Record<string, string> = {}, sampleName = name) =>
      (await registry.getSingleMetric(name)?.get())?.values.find(
        (v) =>
          ((v as { metricName?: string }).metricName ?? name) === sampleName &&
          Object.entries(labels).every(([label, value]) => v.labels[label] === value),
      )?.value;
    expect(await sample('rtb_win_curve_segments', { trust: 'trusted' })).toBe(1);
    expect(await sample('rtb_win_curve_segments', { trust: 'untrusted' })).toBe(1);
    expect(await sample('rtb_win_curve_outcomes_observed')).toBe(700);
    expect(await sample('rtb_win_curves_deleted_total')).toBe(0);
    const duration = 'rtb_win_curve_fit_duration_seconds';
    expect(await sample(duration, {}, `${duration}_count`)).toBe(1);
    expect(await sample('rtb_win_curve_fit_timestamp_seconds')).toBeGreaterThanOrEqual(now / 1000);
  });
});
