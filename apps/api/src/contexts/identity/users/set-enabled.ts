import { type AccountKind, organisationUserMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { revokeAccountTokens, updateAccount } from '../auth/repository';
import { organisationIdsOf, toUserEntry, type UserEntry, userName } from './dto';
import { assertKeepsAnAdministrator, isSelf, refuse } from './guards';
import { kindOf, type UserScope } from './kinds';
import { findUser, lockUser } from './repository';

/**
 * Enables or disables a user. Disabling signs them out everywhere at once: every token is
 * revoked, and "log in as" sessions into their account die with it. Nobody disables themselves
 * (the same text for every kind).
 */
export async function setUserEnabled(
  deps: AppDeps,
  kind: AccountKind,
  scope: UserScope,
  id: number,
  enabled: boolean,
  actor: Actor,
): Promise<UserEntry> {
  const before = await lockUser(deps.db, kind, id, scope);
  if (!before) throw notFound();
  if (!enabled && isSelf(before, actor)) throw refuse('enabled', organisationUserMessages.selfDisable);
  if (!enabled) await assertKeepsAnAdministrator(deps, kind, before, 'enabled');

  if (before.enabled !== enabled) {
    await updateAccount(deps.db, before.accountId, { enabled });
    if (!enabled) {
      for (const purpose of ['auth', 'password_reset', 'activation'] as const)
        await revokeAccountTokens(deps.db, before.accountId, purpose);
    }
    deps.sessionsChanged(before.accountId);
    await recordActivity(deps, actor, [
      {
        event: 'updated',
        entityType: kindOf[kind].entityType,
        entityId: id,
        name: userName(before),
        ...organisationIdsOf(kind, before.organisation),
        before: { enabled: before.enabled },
        after: { enabled },
      },
    ]);
  }
  const after = await findUser(deps.db, kind, id, scope);
  if (!after) throw notFound();
  return toUserEntry(kind, after);
}
