// The public surface of features/organisations: what other features, the panels, the router and the shell use.
// Importing the index for its side effect alone (`import '../organisations'`) registers the feature's texts.

export {
  type AdvertisersPanel,
  advertiserPath,
  advertisersKeys,
  advertisersPath,
  agencyAdvertisersPath,
  newAdvertiserPath,
  useAdvertiser,
  useAdvertisers,
} from './advertisers-queries';
export {
  AGENCIES_PATH,
  agenciesKeys,
  agencyPath,
  idOf,
  type List,
  useAgencies,
  useAgency,
} from './agencies-queries';
export { BillingFields } from './billing-fields';
export { BillingBadge, BillingState } from './billing-state';
export { CreditFields } from './credit-fields';
export { FiguresCard } from './figures-card';
export { Amount, MoneySummary } from './money-summary';
export { default as organisationStyles } from './organisation.module.css';
export { NewOrganisationFrame, OrganisationFrame } from './organisation-frame';
export { OwnDetailsCard } from './own-details-card';
export { saveOwnAdvertiser, saveOwnAgency, useOwnOrganisation } from './own-organisation-api';
export { OwnOrganisationPage } from './own-organisation-page';
export { PhoneField } from './phone-field';
export { RegulationsBadge } from './regulations-badge';
export { VerificationBadge } from './verification-badge';
export { WebsiteLocalesField, WebsiteUrlField } from './website-fields';
