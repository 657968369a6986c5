import type { MeDto, OrganisationKind } from '@rtb/shared';
import { api } from '../../lib/api-client';
import { enterSubAccount } from '../../shell/sub-account/swap-session';
import { kindOf } from './organisation-users-api';

const organisationsPath = { agency: '/admin/agencies', advertiser: '/admin/advertisers' } as const;

/**
 * "Log in as" (spec section 7, `.../auth`): the API answers the target's session, which the
 * admin then enters, keeping their own token to return to. Logs in as the user, or as the
 * organisation's oldest active administrator.
 */
export async function logInAs(
  kind: OrganisationKind,
  target: { userId: number } | { organisationId: number },
): Promise<void> {
  const path =
    'userId' in target
      ? `${kindOf[kind].users}/${target.userId}/auth`
      : `${organisationsPath[kind]}/${target.organisationId}/auth`;
  const res = await api.post<{ data: { me: MeDto; authToken: string } }>(path);
  enterSubAccount(res.data);
}
