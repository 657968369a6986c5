import type { DeliveryDeps } from '../deps';
import { addHourlyStats } from './hourly-stats';

/** How many bids a bidder made in one hour for one campaign and creative, where (the rollup's row). */
export interface BidCount {
  hour: Date;
  advertiserId: number;
  campaignId: number;
  bannerId: number;
  country: string | null;
  deviceType: string | null;
  domain: string | null;
  bids: number;
}

/**
 * Adds bids to the rollups (detailed and per campaign, hours and days), in the caller's transaction: the
 * bidders count bids in memory and add them every few seconds (a bid is no tracked event of its
 * own; recording one per bid would cost more than the bid).
 */
export async function recordBidCounts(deps: DeliveryDeps, counts: readonly BidCount[]): Promise<void> {
  await addHourlyStats(
    deps.db,
    counts.map(({ country, deviceType, domain, ...count }) => ({
      ...count,
      country: country ?? '',
      deviceType: deviceType ?? '',
      domain: domain ?? '',
    })),
  );
}
