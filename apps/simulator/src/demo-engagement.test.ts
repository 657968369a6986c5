import { describe, expect, it } from 'vitest';
import { rivalBids, runAuction } from './auction';
import { demoEngagement } from './demo-engagement';
import { decideEngagement, orderValuePln } from './flat-market';
import { convert } from './inventory';
import { createRandom } from './random';

/*
 * The demo traffic's engagement, over a seeded simulation of 400,000 rendered impressions: the
 * exchange's own decisions (`decideEngagement`, `orderValuePln`) at `npm start`'s rates, won in
 * second-price auctions against the simulator's rival buyers at the demo campaigns' CPMs (PLN).
 * Deterministic (a fixed seed); the bounds are the believable ranges of display advertising.
 */
describe("the demo traffic's CTR, CVR and ROAS", () => {
  const random = createRandom(20250101);
  const impressions = 400_000;
  let clicks = 0;
  let ordersAfterClick = 0;
  let orders = 0;
  let revenue = 0;
  let spend = 0;
  const around = convert(0.6, 'USD', 'PLN') ?? 2.4;
  for (let won = 0; won < impressions; ) {
    // The demo campaigns bid 6.50, 9.00 and 14.00 PLN CPM at most; the floor is rarely above.
    const ours = random.pick([6.5, 9, 14]);
    const outcome = runAuction([...rivalBids(random, around), { bidder: 'us', price: ours }], 0, 'second');
    if (outcome.winner !== 'us') continue;
    won += 1;
    spend += outcome.clearingPrice / 1000;
    const engagement = decideEngagement(random, demoEngagement);
    if (engagement.clicks) clicks += 1;
    if (engagement.ordersAfterClick) ordersAfterClick += 1;
    if (engagement.ordersAfterClick || engagement.ordersWithoutClick) {
      orders += 1;
      revenue += orderValuePln(random, demoEngagement.orderMedianPln);
    }
  }

  it('has a display CTR of 0.1 to 0.5 %', () => {
    const ctr = clicks / impressions;
    expect(ctr).toBeGreaterThan(0.001);
    expect(ctr).toBeLessThan(0.005);
  });

  it('has a post-click CVR of a few per cent', () => {
    const cvr = ordersAfterClick / clicks;
    expect(cvr).toBeGreaterThan(0.01);
    expect(cvr).toBeLessThan(0.06);
  });

  it('has a ROAS of at most a few hundred per cent, and more than nothing', () => {
    const roas = revenue / spend;
    expect(orders).toBeGreaterThan(0);
    expect(roas).toBeGreaterThan(0.5);
    expect(roas).toBeLessThan(6);
  });
});
