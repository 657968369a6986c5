// The public surface of features/agency-reporting: what other features, the panels, the router and the shell use.

export { AgencyReportingPage } from './agency-reporting-page';
