// The public surface of features/activity-logs: what other features, the panels, the router and the shell use.
// Importing the index for its side effect alone (`import '../activity-logs'`) registers the feature's texts.

export { ActivityLogsPage } from './activity-logs-page';
export { CampaignHistory } from './campaign-history';
export type { FilterField } from './filter-pickers';
export { AdvertiserFilter, AgencyFilter } from './filter-pickers';
export { OrganisationActivityLogsPage } from './organisation-activity-logs-page';
export type { ActivityLogsPath } from './use-activity-logs';
