import { agencyResponse, ownAgencyBody } from '@rtb/shared';
import { ownOrganisationRoutes } from '../organisations/own-organisation-routes';
import { getAgency } from './get-agency';
import { updateAgency } from './update-agency';

/** `/api/agency/agencies/me` and `/api/agency/me/billing-info`: the agency's own profile. */
export const ownAgencyRoutes = ownOrganisationRoutes({
  kind: 'agency',
  path: '/agencies/me',
  key: 'agency',
  resource: 'agency-profile',
  response: agencyResponse,
  body: ownAgencyBody,
  get: getAgency,
  update: updateAgency,
});
