// The public surface of features/agency-overview: what other features, the panels, the router and the shell use.

export { AgencyOverviewPage } from './agency-overview-page';
export { ClientSwitcher } from './client-switcher';
