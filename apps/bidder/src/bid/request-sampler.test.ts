import { bidRequestSampleDays, bidRequestSamples } from '@rtb/db';
import { recordRequestSamples, requestSample } from '@rtb/delivery';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BidderTest, createBidderTest } from '../test/bidder-harness';
import { siteRequest } from '../test/exchange';

let b: BidderTest;

const bid = (payload: unknown) =>
  b.bidder.app.inject({
    method: 'POST',
    url: '/openrtb2/bid',
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(payload),
  });

beforeAll(async () => {
  b = await createBidderTest({ config: { forecastSampleEvery: 2 } });
});
afterAll(() => b.close());

describe('the forecast sample', () => {
  it('counts valid requests per day and keeps 1 in N of them, written off the bid path', async () => {
    for (let i = 0; i < 5; i += 1)
      await bid(
        siteRequest({
          id: `s${i}`,
          user: { id: `user-${i}` },
          bcat: ['IAB25'],
          imp: [
            {
              id: '1',
              banner: { w: 300, h: 250, format: [{ w: 728, h: 90 }] },
              bidfloor: 1.5,
              bidfloorcur: 'EUR',
            },
          ],
        }),
      );
    // Neither a test request nor a malformed one counts.
    await bid({ ...siteRequest(), test: 1 });
    await bid({ id: 'bad' });
    // Nothing is written on the bid's path: only at the flush.
    expect(await b.t.database.db.select().from(bidRequestSamples)).toHaveLength(0);
    await b.bidder.sampler.flush();

    const rows = await b.t.database.db.select().from(bidRequestSamples).orderBy(asc(bidRequestSamples.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      auctionType: 2,
      imps: [{ s: ['300x250', '728x90'], f: 1500, c: 'EUR' }],
      currencies: ['PLN'],
      country: 'PL',
      deviceType: 'desktop',
      os: 'windows',
      domain: 'news.example.pl',
      blockedCategories: ['IAB25'],
    });
    // The user id is kept only as a hash.
    expect(rows[0]?.userHash).toMatch(/^[\w-]{16}$/);
    expect(rows[0]?.userHash).not.toContain('user');
    expect(rows[0]?.userHash).not.toBe(rows[1]?.userHash);
    const days = await b.t.database.db.select().from(bidRequestSampleDays);
    expect(days).toEqual([{ day: new Date().toISOString().slice(0, 10), requests: 5, sampled: 2 }]);

    const read = await requestSample(b.t.database.db, new Date());
    expect(read.samples).toHaveLength(2);
    expect(read.samples[0]?.imps).toEqual([
      { sizes: ['300x250', '728x90'], floorMicros: 1500, floorCurrency: 'EUR' },
    ]);
    expect(read.days).toEqual(days);
  });

  it('keeps at most the cap, dropping the oldest, and adds to the day counters', async () => {
    const { samples } = await requestSample(b.t.database.db, new Date());
    const template = samples[0];
    if (!template) throw new Error('no sample');
    const day = '2026-01-05';
    const more = [1, 2, 3, 4].map((i) => ({ ...template, domain: `d${i}.example` }));
    await recordRequestSamples(b.t.database.db, more, [{ day, requests: 40, sampled: 4 }], 3);
    await recordRequestSamples(b.t.database.db, [], [{ day, requests: 10, sampled: 0 }], 3);
    const rows = await b.t.database.db.select().from(bidRequestSamples).orderBy(asc(bidRequestSamples.id));
    expect(rows.map((row) => row.domain)).toEqual(['d2.example', 'd3.example', 'd4.example']);
    const [counted] = (await b.t.database.db.select().from(bidRequestSampleDays)).filter(
      (row) => row.day === day,
    );
    expect(counted).toEqual({ day, requests: 50, sampled: 4 });
  });
});
