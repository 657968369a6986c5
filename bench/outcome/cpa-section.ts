import {
  type CampaignGoal,
  goalBidCpmMicros,
  type ImpressionPredictions,
  netBidMicros,
  pacingMultiplier,
} from '@rtb/rtb';
import type { OutcomeWorld, ServedImpression } from '@rtb/simulator';
import { type BidderView, bidderViewOf, featuresOf } from './bidder-view';
import { BudgetAllowance } from './budget-allowance';
import type { OutcomeModels } from './outcome-models';
import { buy, noPurchases, type Purchases } from './purchases';
import type { ShopVisitors } from './shop-visitors';

/** The target-CPA campaign (its features name it); all three campaigns show its creatives. */
export const GOAL_CAMPAIGN = 10;
/** The budget pays for one auction in this many at the max CPM. */
const AUCTIONS_PER_BUDGETED_WIN = 5;
/** The bench's campaigns keep no margin or commission: a bid is what the advertiser pays. */
export const NO_SHARES = { marginBps: 0, commissionBps: 0 };

export interface CpaSettings {
  auctions: number;
  /** The max-CPM campaign's price, the one the advertiser's earlier campaigns bought at. */
  cpmMicros: number;
  /** The target-CPA campaigns' goal: the CPA the advertiser paid before. */
  targetCpaMicros: number;
}

export interface CpaResult {
  budgetMicros: number;
  /** The target-CPA campaign paced by its target, and its mean pacing multiplier over the auctions. */
  paced: Purchases;
  meanMultiplier: number;
  /** The same campaign let through only while its bid fits the allowance, as max-CPM campaigns are. */
  throttled: Purchases;
  maxCpm: Purchases;
  /** The paced campaign's models, as they ended. */
  models: OutcomeModels;
}

/** The goal bid (net, per impression) at a target CPA. */
export function targetCpaBid(targetCpaMicros: number, predictions: ImpressionPredictions): number {
  const goal: CampaignGoal = { kind: 'targetCpa', targetCpaMicros, ceilingCpmMicros: null };
  return goalBidCpmMicros(goal, predictions, NO_SHARES).netBidMicros;
}

interface Campaign {
  allowance: BudgetAllowance;
  purchases: Purchases;
  /** Its bid on the view, given what it may spend in this auction; 0 for none. */
  bidOn(view: BidderView, roomMicros: number): number;
  /** Learns from the impression it bought. */
  learn?: (view: BidderView, served: ServedImpression) => void;
}

function goalCampaign(
  models: OutcomeModels,
  allowance: BudgetAllowance,
  target: (room: number) => number,
): Campaign {
  return {
    allowance,
    purchases: noPurchases(),
    bidOn: (view, room) => targetCpaBid(target(room), models.predict(featuresOf(view, GOAL_CAMPAIGN))),
    learn: (view, served) => models.learn(featuresOf(view, GOAL_CAMPAIGN), served),
  };
}

/**
 * (a) The same budget, spread evenly over the same auctions, three ways: a max-CPM campaign at
 * the advertiser's usual price, and a target-CPA campaign bidding `goalBidCpmMicros` on its
 * models' predictions (which go on learning from its own impressions), paced by its price (its
 * target times `pacingMultiplier`), or only by skipping auctions, as the max-CPM one is.
 * Each plays every auction against the world's rivals alone (not against the others), in first
 * price unshaded: a winner pays its bid.
 */
export function cpaSection(
  world: OutcomeWorld,
  visitors: ShopVisitors,
  models: OutcomeModels,
  settings: CpaSettings,
): CpaResult {
  const { auctions, cpmMicros, targetCpaMicros } = settings;
  const flatBid = netBidMicros(cpmMicros, 0, 0);
  const budgetMicros = Math.round((auctions * flatBid) / AUCTIONS_PER_BUDGETED_WIN);
  const allowance = () => new BudgetAllowance(budgetMicros, auctions);
  // The campaign bids its full target while it has 1,000 auctions' allowance in hand.
  const bufferMicros = (1_000 * budgetMicros) / auctions;
  let multipliers = 0;
  const pacedModels = models.copy();
  const paced = goalCampaign(pacedModels, allowance(), (room) => {
    const multiplier = pacingMultiplier(room, bufferMicros);
    multipliers += multiplier;
    return Math.max(1, Math.round(targetCpaMicros * multiplier));
  });
  const throttled = goalCampaign(models.copy(), allowance(), () => targetCpaMicros);
  const maxCpm: Campaign = { allowance: allowance(), purchases: noPurchases(), bidOn: () => flatBid };
  const campaigns = [paced, throttled, maxCpm];
  for (let i = 0; i < auctions; i += 1) {
    const view = bidderViewOf(world.next(), visitors);
    for (const campaign of campaigns) {
      const room = campaign.allowance.nextAuction();
      if (!view) continue;
      const bid = campaign.bidOn(view, room);
      if (bid <= 0 || bid > room || bid < view.floorMicros) continue;
      const bought = buy(world, view, GOAL_CAMPAIGN, bid, campaign.purchases);
      if (!bought) continue;
      campaign.allowance.spend(bought.priceMicros);
      campaign.learn?.(view, bought.served);
    }
  }
  return {
    budgetMicros,
    paced: paced.purchases,
    meanMultiplier: multipliers / auctions,
    throttled: throttled.purchases,
    maxCpm: maxCpm.purchases,
    models: pacedModels,
  };
}
