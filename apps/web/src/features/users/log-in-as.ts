import type { meWithTokenResponse } from '@rtb/shared';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { enterSubAccount } from '../../shell/sub-account/swap-session';
import { type LogInAsPlace, usersApi } from './users-api';

const organisations = { agency: 'agencies', advertiser: 'advertisers' } as const;

/**
 * "Log in as" (spec section 7, `.../auth`) from the admin or the agency panel: the API answers
 * the target's session, which the caller then enters, keeping their own token to return to. Logs
 * in as the user, or as the organisation's oldest active administrator.
 */
export async function logInAs(
  place: LogInAsPlace,
  target: { userId: number } | { organisationId: number },
): Promise<void> {
  const path =
    'userId' in target
      ? `${usersApi(place)}/${target.userId}/auth`
      : `/${place.panel}/${organisations[place.kind]}/${target.organisationId}/auth`;
  const res = await api.post<z.infer<typeof meWithTokenResponse>>(path);
  enterSubAccount(res.data, place.panel);
}
