import {
  holdoutGroup,
  type LiftCounts,
  type LiftEstimate,
  type LiftGroup,
  liftEstimate,
  netBidMicros,
} from '@rtb/rtb';
import { createOutcomeWorld, type OutcomeWorldOptions } from '@rtb/simulator';
import { bidderViewOf } from './bidder-view';
import { buy, noPurchases } from './purchases';
import { ShopVisitors } from './shop-visitors';

/** The campaign of the lift tests. */
const LIFT_CAMPAIGN = 20;

export interface LiftSettings {
  /** Run k plays the world of seed + k. */
  seed: number;
  runs: number;
  opportunities: number;
  holdoutBps: number;
  cpmMicros: number;
  world: OutcomeWorldOptions;
}

/** A user of a test: its group, what it did, and its true chances of converting with and without our ads. */
interface TestUser {
  group: LiftGroup;
  converted: boolean;
  revenueMicros: number;
  /** P(no order at any of its opportunities) without any ad of ours, and with the ads it was shown. */
  noOrderWithout: number;
  noOrderAsShown: number;
}

export interface LiftRun {
  seed: number;
  counts: LiftCounts;
  estimate: LiftEstimate | null;
  /** The truth over the exposed users: the mean of what the ads added to each one's chance of converting, and its sum. */
  trueRateDifference: number;
  trueIncrementalConversions: number;
  /** The estimate's interval holds the true difference. */
  covered: boolean;
}

/** One test: the campaign bids its flat price on every exposed user's opportunities, never on a held-out user's. */
function liftRun(seed: number, settings: LiftSettings): LiftRun {
  const world = createOutcomeWorld(seed, settings.world);
  const visitors = new ShopVisitors();
  const purchases = noPurchases();
  const bid = netBidMicros(settings.cpmMicros, 0, 0);
  const users = new Map<string, TestUser>();
  for (let i = 0; i < settings.opportunities; i += 1) {
    const view = bidderViewOf(world.next(), visitors);
    // A user without an id cannot be put in a group: outside the test.
    const userId = view?.request.user.id ?? null;
    if (!view || userId === null) continue;
    let user = users.get(userId);
    if (!user) {
      const group = holdoutGroup(userId, LIFT_CAMPAIGN, settings.holdoutBps);
      user = { group, converted: false, revenueMicros: 0, noOrderWithout: 1, noOrderAsShown: 1 };
      users.set(userId, user);
    }
    const organic = view.opportunity.truth.traits.propensity;
    const bought =
      user.group === 'exposed' && bid >= view.floorMicros
        ? buy(world, view, LIFT_CAMPAIGN, bid, purchases)
        : null;
    const response = bought
      ? {
          ordered: bought.served.ordersAfterClick || bought.served.ordersWithoutClick,
          orderValuePln: bought.served.orderValuePln,
        }
      : world.withoutAd(view.opportunity);
    user.converted ||= response.ordered;
    user.revenueMicros += Math.round(response.orderValuePln * 1e6);
    user.noOrderWithout *= 1 - organic;
    user.noOrderAsShown *= 1 - (bought ? bought.served.truth.pOrderExposed : organic);
  }
  const counts: LiftCounts = {
    exposedUsers: 0,
    exposedConversions: 0,
    exposedRevenueMicros: 0,
    heldOutUsers: 0,
    heldOutConversions: 0,
    heldOutRevenueMicros: 0,
  };
  let trueIncrementalConversions = 0;
  for (const user of users.values()) {
    const conversion = user.converted ? 1 : 0;
    if (user.group === 'held-out') {
      counts.heldOutUsers += 1;
      counts.heldOutConversions += conversion;
      counts.heldOutRevenueMicros += user.revenueMicros;
      continue;
    }
    counts.exposedUsers += 1;
    counts.exposedConversions += conversion;
    counts.exposedRevenueMicros += user.revenueMicros;
    trueIncrementalConversions += user.noOrderWithout - user.noOrderAsShown;
  }
  const estimate = liftEstimate(counts);
  const trueRateDifference = counts.exposedUsers ? trueIncrementalConversions / counts.exposedUsers : 0;
  const [low, high] = estimate?.rateDifferenceInterval ?? [Number.NaN, Number.NaN];
  return {
    seed,
    counts,
    estimate,
    trueRateDifference,
    trueIncrementalConversions,
    covered: low <= trueRateDifference && trueRateDifference <= high,
  };
}

/**
 * (d) Lift tests: `runs` small worlds of their own seeds, a campaign holding out `holdoutBps`
 * of its users (`holdoutGroup`); each test's `liftEstimate` against the truth of its exposed
 * users (what our ads added to their chance of converting, from the world's probabilities).
 */
export function liftSection(settings: LiftSettings): LiftRun[] {
  return Array.from({ length: settings.runs }, (_, k) => liftRun(settings.seed + k + 1, settings));
}
