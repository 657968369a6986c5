import { describe, expect, it } from 'vitest';
import { createRandom } from '../random';
import { createOutcomeWorld } from './world';

const ad = { campaignId: '1', creativeId: '1', clearingPrice: 1, currency: 'USD' };
/** Rates high enough that a test's 12,000 opportunities measure the lift. */
const rates = { ctr: 0.2, cvr: 0.3, propensity: 0.03, viewThrough: 0.5 };

describe('the lift of an exposure', () => {
  it('is what separates the order rates of exposed and held-out visitors, as a lift test measures it', () => {
    // Visitors split at random: one group shown the ad, the other held out.
    const world = createOutcomeWorld(77, rates);
    const split = createRandom(5);
    const groups = { exposed: { n: 0, orders: 0 }, heldOut: { n: 0, orders: 0 } };
    let declaredLift = 0;
    let organic = 0;
    const count = 12_000;
    for (let i = 0; i < count; i++) {
      const opportunity = world.next();
      const truth = world.truthOf(opportunity, ad);
      declaredLift += truth.lift;
      organic += truth.pOrganic;
      if (split.chance(0.5)) {
        const served = world.engage(opportunity, ad);
        groups.exposed.n += 1;
        if (served.ordersAfterClick || served.ordersWithoutClick) groups.exposed.orders += 1;
      } else {
        groups.heldOut.n += 1;
        if (world.withoutAd(opportunity).ordered) groups.heldOut.orders += 1;
      }
    }
    const rate = (g: { n: number; orders: number }) => g.orders / g.n;
    const measured = rate(groups.exposed) - rate(groups.heldOut);
    const se = Math.sqrt(
      (rate(groups.exposed) * (1 - rate(groups.exposed))) / groups.exposed.n +
        (rate(groups.heldOut) * (1 - rate(groups.heldOut))) / groups.heldOut.n,
    );
    const lift = declaredLift / count;
    expect(lift).toBeGreaterThan(5 * se);
    expect(Math.abs(measured - lift), `measured ${measured}, declared ${lift}`).toBeLessThan(4 * se);
    // Held out, visitors order at their propensity.
    expect(Math.abs(rate(groups.heldOut) - organic / count)).toBeLessThan(
      4 * Math.sqrt((rate(groups.heldOut) * (1 - rate(groups.heldOut))) / groups.heldOut.n),
    );
    expect(world.outcomes().withoutAds).toMatchObject({
      opportunities: groups.heldOut.n,
      orders: groups.heldOut.orders,
    });
  });

  it('only adds orders: a visitor who orders without the ad orders with it too', () => {
    const world = createOutcomeWorld(78, rates);
    let organicOrders = 0;
    for (let i = 0; i < 3000; i++) {
      const opportunity = world.next();
      const without = world.withoutAd(opportunity);
      const withAd = world.engage(opportunity, ad);
      if (!without.ordered) continue;
      organicOrders += 1;
      expect(withAd.ordersAfterClick || withAd.ordersWithoutClick).toBe(true);
      expect(withAd.orderValuePln).toBe(without.orderValuePln);
    }
    expect(organicOrders).toBeGreaterThan(50);
  });

  it('declares attributed orders beyond the caused ones: the organic orders of exposed visitors', () => {
    const world = createOutcomeWorld(79, rates);
    for (let i = 0; i < 2000; i++) world.engage(world.next(), ad);
    const [campaign] = world.outcomes().campaigns;
    expect(campaign?.expected.incrementalOrders).toBeGreaterThan(0);
    expect(campaign?.expected.orders).toBeGreaterThan((campaign?.expected.incrementalOrders ?? 0) + 20);
  });
});
