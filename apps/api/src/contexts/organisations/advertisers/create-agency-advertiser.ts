import {
  type AdvertiserDto,
  type AdvertiserUserEntry,
  type CreateAgencyAdvertiserBody,
  LOCAL_ADMIN_ROLE,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalid } from '../../../core/errors';
import { findRoleId, insertInvitedUser, invitationErrors } from '../../identity';
import type { Actor } from '../../platform';
import { insertAdvertiser, prepareAdvertiser } from './create-advertiser';

/**
 * An agency adds an advertiser under itself together with its first user, an administrator of
 * the advertiser who gets an activation e-mail. Both are checked before either is written, and
 * the caller's transaction keeps them together: nothing is half-written if a part fails.
 */
export async function createAgencyAdvertiser(
  deps: AppDeps,
  agencyId: number,
  body: CreateAgencyAdvertiserBody,
  actor: Actor,
): Promise<{ advertiser: AdvertiserDto; advertiserUser: AdvertiserUserEntry }> {
  const { userEmail, userFirstName, userLastName, userPhone, userLocale, ...fields } = body;
  const prepared = await prepareAdvertiser(deps, { ...fields, agencyId });
  const roleId = await findRoleId(deps.db, 'advertiser', LOCAL_ADMIN_ROLE);
  const user = { email: userEmail, roleId, locale: userLocale };
  const userErrors = await invitationErrors(deps, 'advertiser', { agencyId }, user, {
    organisationId: 'advertiserId',
    email: 'userEmail',
    roleId: 'userRoleId',
    locale: 'userLocale',
  });
  const errors = { ...prepared.errors, ...userErrors };
  if (Object.keys(errors).length) throw invalid(errors);

  const advertiser = await insertAdvertiser(deps, prepared, actor);
  const advertiserUser = await insertInvitedUser(
    deps,
    'advertiser',
    {
      ...user,
      organisationId: advertiser.id,
      firstName: userFirstName,
      lastName: userLastName,
      phone: userPhone,
      type: 'default',
    },
    actor,
  );
  return { advertiser, advertiserUser: advertiserUser as AdvertiserUserEntry };
}
