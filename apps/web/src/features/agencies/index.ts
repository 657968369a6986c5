// The public surface of features/agencies: what other features, the panels, the router and the shell use.

export type { StatusChange } from './agencies-api';
export { AgenciesPage } from './agencies-page';
export { AgencyPage } from './agency-page';
export { OwnAgencyPage } from './own-agency-page';
export { VerificationSection } from './verification-section';
