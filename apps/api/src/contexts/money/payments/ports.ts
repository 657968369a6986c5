import type { AppDeps } from '../../../core/deps';

/**
 * What money needs of the campaigns context, which builds on it: the names of the campaigns a
 * day's spend is booked to (the ledger keeps their ids). Handed in when the process starts
 * (create-deps), so the graph of contexts stays without a cycle.
 */
export interface CampaignsOfMoney {
  /** Names of those of `ids` that are these advertisers' campaigns (others are left out). */
  names(
    deps: AppDeps,
    advertiserIds: readonly number[],
    ids: number[],
  ): Promise<{ id: number; name: string; advertiserId: number }[]>;
}

declare module '../../../core/deps' {
  interface AppDeps {
    moneyCampaigns: CampaignsOfMoney;
  }
}
