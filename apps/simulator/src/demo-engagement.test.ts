import { describe, expect, it } from 'vitest';
import { demoEngagement } from './demo-engagement';
import { createOutcomeWorld } from './outcome';

/*
 * The demo traffic's engagement, as its true model expects it over 20,000 impressions won at the
 * demo campaigns' CPMs (PLN) in the outcome world's auctions. Deterministic (a fixed seed); the
 * bounds are the believable ranges of display advertising.
 */
describe("the demo traffic's CTR, CVR and ROAS", () => {
  const world = createOutcomeWorld(20250101, demoEngagement);
  const impressions = 20_000;
  let clicks = 0;
  let ordersAfterClick = 0;
  let revenue = 0;
  let spend = 0;
  for (let won = 0, i = 0; won < impressions; i++) {
    // The demo campaigns bid 6.50, 9.00 and 14.00 PLN CPM at most.
    const bid = [6.5, 9, 14][i % 3] ?? 9;
    const opportunity = world.next();
    const outcome = world.auction(opportunity, bid, 'PLN');
    if (!outcome.won) continue;
    won += 1;
    spend += outcome.clearingPrice / 1000;
    const truth = world.truthOf(opportunity, { campaignId: String(i % 3), creativeId: String(i % 5) });
    clicks += truth.pClick;
    ordersAfterClick += truth.pClick * truth.pConversion;
    revenue += truth.pOrderExposed * truth.expectedOrderPln;
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

  it('has a ROAS of a few hundred per cent at most, and more than nothing', () => {
    const roas = revenue / spend;
    expect(roas).toBeGreaterThan(1);
    expect(roas).toBeLessThan(6);
  });
});
