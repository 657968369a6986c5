export { type AdvertiserAlerts, overviewAlertsOf } from './agency-overview/overview-alerts';
export { getReport } from './reports/service';
