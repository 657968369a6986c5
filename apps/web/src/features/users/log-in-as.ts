import { api } from '../../lib/api-client';
import { enterSubAccount } from '../../shell/sub-account/swap-session';
import { type LogInAsPlace, routesOf } from './users-api';

/**
 * "Log in as" (spec section 7, `.../auth`) from the admin or the agency panel: the API answers
 * the target's session, which the caller then enters, keeping their own token to return to. Logs
 * in as the user, or as the organisation's oldest active administrator.
 */
export async function logInAs(
  place: LogInAsPlace,
  target: { userId: number } | { organisationId: number },
): Promise<void> {
  const { logInAs, logInAsOrganisation } = routesOf[place.kind];
  const res =
    'userId' in target
      ? await api.call(logInAs, { path: { panel: place.panel, id: target.userId } })
      : await api.call(logInAsOrganisation, { path: { panel: place.panel, id: target.organisationId } });
  enterSubAccount(res.data, place.panel);
}
