import { gzipSync } from 'node:zlib';
import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { campaigns } from '@rtb/db';
import { openRtbExampleRequests } from '@rtb/rtb/openrtb-examples';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BudgetStore } from '../budget/budget-store';
import { MemoryBudgetStore } from '../budget/memory-budget-store';
import { type BidderTest, createBidderTest } from '../test/bidder-harness';
import { siteRequest } from '../test/exchange';

let b: BidderTest;
let campaignId: number;
let bannerId: number;

const bid = (payload: unknown, headers: Record<string, string> = {}) =>
  b.bidder.app.inject({
    method: 'POST',
    url: '/openrtb2/bid',
    headers: { 'content-type': 'application/json', ...headers },
    payload: typeof payload === 'string' || Buffer.isBuffer(payload) ? payload : JSON.stringify(payload),
  });

beforeAll(async () => {
  b = await createBidderTest();
  const today = await todayOf(b.t, b.shopId);
  bannerId = await insertBanner(b.t, b.shopId, 'approved');
  // 250.00 PLN CPM gross: 0.20 PLN net per impression after the 20 % margin.
  ({ id: campaignId } = await createCampaign(
    b.t,
    b.shopToken,
    validCampaign(today, { bannerIds: [bannerId], maxCpm: 25_000, dailyBudget: 5_000 }),
  ));
  await setCampaignStatus(b.t, b.shopToken, campaignId, 'active');
  await b.bidder.live.settled();
});
afterAll(() => b.close());

describe('POST /openrtb2/bid', () => {
  it('bids on a matching request with a complete OpenRTB 2.6 response', async () => {
    const res = await bid(siteRequest());
    expect(res.statusCode, res.headers['x-rtb-reason'] as string).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ id: 'req-1', cur: 'PLN' });
    expect(typeof body.bidid).toBe('string');
    const [seat] = body.seatbid;
    const [one] = seat.bid;
    expect(one).toMatchObject({
      impid: '1',
      crid: String(bannerId),
      cid: String(campaignId),
      w: 300,
      h: 250,
      mtype: 1,
      cat: ['IAB22'],
    });
    // Net of the 20 % platform margin and Demo Agency's 15 % commission: 250 PLN gross CPM -> 162.50.
    expect(one.price).toBe(162.5);
    expect(one.nurl).toContain('${AUCTION_PRICE}');
    expect(one.burl).toContain('/rtb/bill?t=');
    expect(one.lurl).toContain('${AUCTION_LOSS}');
    expect(one.adm).toContain('/rtb/imp?t=');
    expect(one.adm).toContain('/rtb/click?t=');
    expect(one.adm).toContain('/creatives/');
  });

  it('answers every example request of the specification with a bid or a 204, never as malformed', async () => {
    for (const { name, body } of openRtbExampleRequests()) {
      const res = await bid(body);
      expect([200, 204], `${name}: ${res.statusCode} ${res.headers['x-rtb-reason']}`).toContain(
        res.statusCode,
      );
      if (res.statusCode === 204) expect(res.headers['x-rtb-reason'], name).toBeTruthy();
      else expect(res.json().seatbid[0].bid.length, name).toBeGreaterThan(0);
    }
  });

  it('answers 400 with the reason for each kind of invalid request', async () => {
    const cases: [unknown, string][] = [
      ['{"id": "x", "imp": [', 'bad_json'],
      [{ id: 'x' }, 'no_imp'],
      [
        siteRequest({
          imp: [
            { id: '1', banner: { w: 300, h: 250 } },
            { id: '1', banner: { w: 300, h: 250 } },
          ],
        }),
        'duplicate_imp_id',
      ],
      [siteRequest({ imp: [{ id: '1', banner: {} }] }), 'banner_without_size'],
      [siteRequest({ imp: [{ id: '1', banner: { w: -300, h: 250 } }] }), 'negative_size'],
      [siteRequest({ app: { bundle: 'com.example' } }), 'site_and_app'],
      [siteRequest({ tmax: -1 }), 'negative_tmax'],
    ];
    for (const [payload, reason] of cases) {
      const res = await bid(payload);
      expect(res.statusCode, reason).toBe(400);
      expect(res.headers['x-rtb-reason'], reason).toBe(reason);
    }
  });

  it('reads gzip bodies and refuses one that inflates past the limit', async () => {
    const res = await bid(gzipSync(JSON.stringify(siteRequest())), { 'content-encoding': 'gzip' });
    expect(res.statusCode).toBe(200);
    const bomb = gzipSync(Buffer.alloc(5 * 1024 * 1024, 0x20));
    const refused = await bid(bomb, { 'content-encoding': 'gzip' });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-rtb-reason']).toBe('too_large');
    const huge = await bid(`{"id":"x","pad":"${'a'.repeat(300 * 1024)}"}`);
    expect(huge.statusCode).toBeGreaterThanOrEqual(400);
    expect(huge.statusCode).toBeLessThan(500);
  });

  it('never answers 5xx to random or truncated bodies', async () => {
    const valid = JSON.stringify(siteRequest());
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue().map((v) => JSON.stringify(v)),
          fc.nat({ max: valid.length }).map((n) => valid.slice(0, n)),
          fc.string(),
          fc.record({ id: fc.string(), imp: fc.array(fc.jsonValue()) }).map((v) => JSON.stringify(v)),
        ),
        async (payload) => {
          const res = await bid(payload);
          expect(res.statusCode).toBeLessThan(500);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers 204 with a reason when nothing matches', async () => {
    const wrongSize = await bid(siteRequest({ imp: [{ id: '1', banner: { w: 728, h: 90 } }] }));
    expect(wrongSize.statusCode).toBe(204);
    expect(wrongSize.headers['x-rtb-reason']).toBe('no_campaign');
    const highFloor = await bid(
      siteRequest({ imp: [{ id: '1', banner: { w: 300, h: 250 }, bidfloor: 900, bidfloorcur: 'PLN' }] }),
    );
    expect(highFloor.statusCode).toBe(204);
    const unknownCurrency = await bid(
      siteRequest({ imp: [{ id: '1', banner: { w: 300, h: 250 }, bidfloor: 1, bidfloorcur: 'XTS' }] }),
    );
    expect(unknownCurrency.statusCode).toBe(204);
  });

  it('does not bid on https pages while its own URLs are plain http', async () => {
    const res = await bid(siteRequest({ imp: [{ id: '1', banner: { w: 300, h: 250 }, secure: 1 }] }));
    expect(res.statusCode).toBe(204);
    expect(res.headers['x-rtb-reason']).toBe('https_required');
  });

  it('bids in a currency of cur, converted with the rates', async () => {
    const res = await bid(
      siteRequest({
        cur: ['USD'],
        imp: [{ id: '1', banner: { w: 300, h: 250 }, bidfloor: 1, bidfloorcur: 'USD' }],
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.cur).toBe('USD');
    // 162.50 PLN net CPM at 4.00 PLN per USD.
    expect(body.seatbid[0].bid[0].price).toBe(40.625);
  });

  it('stops bidding within a second of a pause in the panel', async () => {
    await setCampaignStatus(b.t, b.shopToken, campaignId, 'paused');
    await b.bidder.live.settled();
    const res = await bid(siteRequest());
    expect(res.statusCode).toBe(204);
    await setCampaignStatus(b.t, b.shopToken, campaignId, 'active');
    await b.bidder.live.settled();
    expect((await bid(siteRequest())).statusCode).toBe(200);
  });

  it('reserves nothing for test requests', async () => {
    const before = await b.store.totals([`b:{a${b.shopId}}:f`]);
    const res = await bid(siteRequest({ test: 1 }));
    expect(res.statusCode).toBe(200);
    expect(await b.store.totals([`b:{a${b.shopId}}:f`])).toEqual(before);
  });
});

describe('budgets and deadlines', () => {
  it('stops at the daily budget: bids in flight count', async () => {
    const small = await createBidderTest();
    try {
      const today = await todayOf(small.t, small.shopId);
      const banner = await insertBanner(small.t, small.shopId, 'approved');
      // 10.00 PLN a day at 1,250 PLN CPM: 1.25 PLN gross per impression -> 8 bids in flight at most.
      const { id } = await createCampaign(
        small.t,
        small.shopToken,
        validCampaign(today, {
          bannerIds: [banner],
          maxCpm: 125_000,
          dailyBudget: 1_000,
          totalBudget: 100_000,
        }),
      );
      await small.t.database.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, id));
      await small.bidder.live.settled();
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) {
        const res = await small.bidder.app.inject({
          method: 'POST',
          url: '/openrtb2/bid',
          payload: siteRequest({ id: `r${i}` }),
        });
        statuses.push(res.statusCode);
      }
      expect(statuses.filter((s) => s === 200)).toHaveLength(8);
      const last = await small.bidder.app.inject({
        method: 'POST',
        url: '/openrtb2/bid',
        payload: siteRequest(),
      });
      expect(last.headers['x-rtb-reason']).toBe('budget');
    } finally {
      await small.close();
    }
  });

  it('answers 204 timeout at tmax when the counters are slow, and gives the reservation back', async () => {
    const memory = new MemoryBudgetStore();
    let open: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    // The counters answer a reservation only once the gate opens: long after tmax.
    const slow = new Proxy<BudgetStore>(memory, {
      get(target, name: keyof BudgetStore) {
        if (name === 'reserve')
          return async (...args: Parameters<BudgetStore['reserve']>) => {
            await gate;
            return target.reserve(...args);
          };
        const value = target[name];
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const late = await createBidderTest({ store: slow });
    try {
      const today = await todayOf(late.t, late.shopId);
      const banner = await insertBanner(late.t, late.shopId, 'approved');
      const { id } = await createCampaign(
        late.t,
        late.shopToken,
        validCampaign(today, { bannerIds: [banner], maxCpm: 25_000 }),
      );
      await late.t.database.db.update(campaigns).set({ status: 'active' }).where(eq(campaigns.id, id));
      await late.bidder.live.settled();
      const res = await late.bidder.app.inject({
        method: 'POST',
        url: '/openrtb2/bid',
        payload: siteRequest({ tmax: 60 }),
      });
      expect(res.statusCode).toBe(204);
      expect(res.headers['x-rtb-reason']).toBe('timeout');
      open();
      // The late reservation is made, then given back: no bid was sent for it.
      await vi.waitFor(async () => {
        const [funds] = await memory.totals([`b:{a${late.shopId}}:f`]);
        expect(funds?.reservedMicros).toBe(0);
      });
    } finally {
      await late.close();
    }
  });
});
