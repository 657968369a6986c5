export { listActivityLogs } from './activity-logs/list-activity-logs';
export { toAdvertiserDtos } from './advertisers/facts';
export { findAdvertiser, lockAdvertiser, updateAdvertiser } from './organisations/advertisers-repository';
export { findAgency, lockAgency, updateAgency } from './organisations/agencies-repository';
export type { AdvertiserCreatives, MoneyOfOrganisations } from './organisations/ports';
export {
  type AdvertiserSummary,
  advertiserMatching,
  advertiserNameOf,
  advertiserRefOf,
  advertiserSummaryOf,
  advertiserTimeZoneOf,
  agencyIdOfAdvertiser,
  agencyNameOf,
  agencyRefOf,
} from './organisations/refs';
export {
  advertiserBelongsToAgency,
  agenciesOfAdvertisers,
  organisationExists,
} from './organisations/repository';
export { advertiserCreativesTrusted, advertiserIdsOfAgency, advertisersByIds } from './organisations/service';
