import type { OrganisationKind } from '@rtb/shared';
import type { ClientInfo } from '../../../core/client-info';
import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import type { Actor } from '../../platform';
import type { Session } from '../auth/session';
import type { UserScope } from './kinds';
import { logInAsUser } from './log-in-as-user';
import { findOldestActiveAdminId, findOrganisation } from './repository';

/**
 * "Log in as" an agency or advertiser of the scope itself: as its oldest enabled, activated
 * default-type user with the administrator role.
 */
export async function logInAsOrganisation(
  deps: AppDeps,
  kind: OrganisationKind,
  scope: UserScope,
  organisationId: number,
  sourceTokenId: number,
  actor: Actor,
  client: ClientInfo,
): Promise<Session> {
  if (!(await findOrganisation(deps.db, kind, organisationId, scope))) throw notFound();
  const userId = await findOldestActiveAdminId(deps.db, kind, organisationId);
  if (userId === null) throw new HttpError(404, 'organisation_users.no_user_to_log_in_as');
  return logInAsUser(deps, kind, scope, userId, sourceTokenId, actor, client);
}
