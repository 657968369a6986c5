import type { Database } from '@rtb/db';

/**
 * The agency of each of these advertisers that has one (an empty list asks nothing). A row about
 * an advertiser is also its agency's; the organisations context, which builds on this one, knows
 * the agency and is handed in when the process starts (create-deps).
 */
export type AgenciesOfAdvertisers = (db: Database, advertiserIds: number[]) => Promise<Map<number, number>>;

declare module '../../../core/deps' {
  interface AppDeps {
    agenciesOfAdvertisers: AgenciesOfAdvertisers;
  }
}
