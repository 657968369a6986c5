/**
 * What other modules use of reports (the rollups they read are written by the delivery engine,
 * `@rtb/delivery`): the integration status asks whether delivery data is arriving; the admin's
 * generated reports read platform-wide sums and work out figures with the same formulas; the
 * agency overview names its clients and reads their recent spend.
 */
/** The advertiser's report of a period (the weekly report mail sums up its weeks with it). */
export { getReport } from './get-report';
export { metricsOf, noDelivery } from './metrics';
export {
  type PlatformSums,
  platformAdvertisers,
  platformDayByAdvertiser,
  platformInvalidTraffic,
  platformTopDomains,
  type UtcDays,
} from './platform-stats';
export { reportAdvertisers } from './report-advertisers';
export { recentSpend } from './repository';
