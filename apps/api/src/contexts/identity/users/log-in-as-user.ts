import type { OrganisationKind } from '@rtb/shared';
import type { ClientInfo } from '../../../core/client-info';
import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { impersonationChange } from '../auth/logout';
import { findPrincipal } from '../auth/principal-repository';
import { issueSession, type Session } from '../auth/session';
import { hashToken } from '../auth/tokens';
import type { UserScope } from './kinds';
import { findUser } from './repository';

/**
 * "Log in as" an agency or advertiser user of the scope (an admin: anyone's; an agency: its
 * advertisers' users): a token for their account that carries the caller's own token as its
 * source (so it dies with it, and every activity-log row written with it names the caller as
 * impersonator). The user's own permissions apply. The start is logged with the caller as actor;
 * its impersonator is whoever is behind the caller (an admin who opened the agency account), else
 * the caller.
 */
export async function logInAsUser(
  deps: AppDeps,
  kind: OrganisationKind,
  scope: UserScope,
  id: number,
  sourceTokenId: number,
  actor: Actor,
  client: ClientInfo,
): Promise<Session> {
  const user = await findUser(deps.db, kind, id, scope);
  if (!user) throw notFound();
  if (!user.enabled) throw new HttpError(422, 'organisation_users.login_as_disabled');
  if (!user.emailVerifiedAt) throw new HttpError(422, 'organisation_users.login_as_not_activated');

  const session = await issueSession(deps, user.accountId, client, sourceTokenId);
  const impersonation = await findPrincipal(deps.db, { tokenHash: hashToken(session.authToken) });
  if (!impersonation) throw new Error('The new "log in as" session disappeared.');
  await recordActivity(
    deps,
    { ...actor, impersonatorAccountId: actor.impersonatorAccountId ?? actor.accountId },
    [impersonationChange(impersonation, 'created')],
  );
  return session;
}
