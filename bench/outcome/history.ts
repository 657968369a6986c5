import { netBidMicros } from '@rtb/rtb';
import type { OutcomeWorld } from '@rtb/simulator';
import { bidderViewOf, featuresOf } from './bidder-view';
import type { OutcomeModels } from './outcome-models';
import { buy, noPurchases, type Purchases } from './purchases';
import type { ShopVisitors } from './shop-visitors';

/** The advertiser's earlier campaigns, taking the opportunities in turn. */
const HISTORY_CAMPAIGNS = [1, 2, 3, 4];

/**
 * The platform's history: the advertiser's earlier campaigns bought the first `opportunities`
 * broadly, at a flat CPM, and each impression's outcome trained the models (their priors for
 * a new campaign). What they bought gives the CPA the advertiser paid.
 */
export function playHistory(
  world: OutcomeWorld,
  visitors: ShopVisitors,
  models: OutcomeModels,
  settings: { opportunities: number; cpmMicros: number },
): Purchases {
  const purchases = noPurchases();
  const bid = netBidMicros(settings.cpmMicros, 0, 0);
  for (let i = 0; i < settings.opportunities; i += 1) {
    const view = bidderViewOf(world.next(), visitors);
    if (!view || bid < view.floorMicros) continue;
    const campaignId = HISTORY_CAMPAIGNS[i % HISTORY_CAMPAIGNS.length] ?? 1;
    const bought = buy(world, view, campaignId, bid, purchases);
    if (bought) models.learn(featuresOf(view, campaignId), bought.served);
  }
  return purchases;
}
