// The public surface of features/agency-reporting: what other features, the panels, the router and the shell use.

import './texts';

export { AgencyReportingPage } from './agency-reporting-page';
