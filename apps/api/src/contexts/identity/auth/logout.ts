import { type AppDeps, inTransaction } from '../../../core/deps';
import { type Actor, type Change, recordActivity } from '../../platform';
import type { Principal } from './principal-repository';
import { revokeToken } from './repository';

/**
 * The activity-log change of a "log in as" session starting ('created', with the facts after)
 * or ending ('deleted', with them before); the session is the impersonation token.
 */
export function impersonationChange(session: Principal, event: 'created' | 'deleted'): Change {
  const profile = session.profile;
  const agencyId = profile?.agency?.id ?? profile?.advertiser?.agencyId ?? null;
  const advertiserId = profile?.advertiser?.id ?? null;
  const facts = {
    accountId: session.accountId,
    login: session.login,
    kind: session.kind,
    userId: profile?.id ?? null,
    agencyId,
    advertiserId,
  };
  return {
    event,
    entityType: 'impersonation',
    entityId: session.tokenId,
    agencyId,
    advertiserId,
    ...(event === 'created' ? { after: facts } : { before: facts }),
  };
}

/**
 * Revokes the token of this request only; other devices stay signed in. Logging out of a
 * "log in as" session ends it, which the activity log records (the impersonator named).
 */
export async function logout(deps: AppDeps, principal: Principal, actor: Actor): Promise<void> {
  await inTransaction(deps, async (tx) => {
    await revokeToken(tx.db, principal.tokenId);
    if (principal.impersonatorAccountId !== null)
      await recordActivity(tx, actor, [impersonationChange(principal, 'deleted')]);
    tx.sessionsChanged(principal.accountId);
  });
}
