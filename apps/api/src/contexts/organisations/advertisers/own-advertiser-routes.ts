import { advertiserResponse, ownAdvertiserBody } from '@rtb/shared';
import { everyAdvertiser } from '../organisations/advertisers-repository';
import { ownOrganisationRoutes } from '../organisations/own-organisation-routes';
import { getAdvertiser } from './get-advertiser';
import { updateAdvertiser } from './update-advertiser';

/** `/api/advertiser/advertisers/me` and `/api/advertiser/me/billing-info`: the advertiser's own profile. */
export const ownAdvertiserRoutes = ownOrganisationRoutes({
  kind: 'advertiser',
  path: '/advertisers/me',
  key: 'advertiser',
  resource: 'advertiser-profile',
  response: advertiserResponse,
  body: ownAdvertiserBody,
  get: (deps, id) => getAdvertiser(deps, everyAdvertiser, id),
  update: (deps, id, changes, actor) => updateAdvertiser(deps, everyAdvertiser, id, changes, actor),
});
