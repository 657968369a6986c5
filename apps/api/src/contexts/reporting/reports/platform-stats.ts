import type { AppDeps } from '../../../core/deps';
import {
  advertisersWithRollups,
  invalidTrafficByDomain,
  type PlatformSums,
  sumsByDomain,
  sumsOfDayByAdvertiser,
  type UtcDays,
} from './platform-repository';

export type { PlatformSums, UtcDays };

/**
 * Platform-wide figures for the admin's generated reports, from the hourly rollups only (never
 * the raw events), over UTC days. Money stays per advertiser (its currency): callers group by it.
 */

/** The advertisers with any rollup rows in the days, by id. */
export const platformAdvertisers = (deps: AppDeps, days: UtcDays) => advertisersWithRollups(deps.db, days);

/** One UTC day's sums per advertiser with delivery. */
export const platformDayByAdvertiser = (deps: AppDeps, day: string) => sumsOfDayByAdvertiser(deps.db, day);

/** The top `limit` domains by valid impressions among these advertisers (of one currency). */
export const platformTopDomains = (deps: AppDeps, days: UtcDays, advertiserIds: number[], limit: number) =>
  advertiserIds.length ? sumsByDomain(deps.db, days, advertiserIds, limit) : Promise.resolve([]);

/** These advertisers' domains with invalid impressions or clicks in the days. */
export const platformInvalidTraffic = (deps: AppDeps, days: UtcDays, advertiserIds: number[]) =>
  advertiserIds.length ? invalidTrafficByDomain(deps.db, days, advertiserIds) : Promise.resolve([]);
