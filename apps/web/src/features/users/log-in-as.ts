import type { MeDto } from '@rtb/shared';
import { api } from '../../lib/api-client';
import { enterSubAccount } from '../../shell/sub-account/swap-session';
import { type UsersPlace, usersApi } from './users-api';

const organisations = { agency: 'agencies', advertiser: 'advertisers' } as const;

/**
 * "Log in as" (spec section 7, `.../auth`) from the admin or the agency panel: the API answers
 * the target's session, which the caller then enters, keeping their own token to return to. Logs
 * in as the user, or as the organisation's oldest active administrator.
 */
export async function logInAs(
  place: UsersPlace,
  target: { userId: number } | { organisationId: number },
): Promise<void> {
  const path =
    'userId' in target
      ? `${usersApi(place)}/${target.userId}/auth`
      : `/${place.panel}/${organisations[place.kind]}/${target.organisationId}/auth`;
  const res = await api.post<{ data: { me: MeDto; authToken: string } }>(path);
  enterSubAccount(res.data, place.panel === 'agency' ? 'agency' : 'admin');
}
