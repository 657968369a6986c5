import { type OrganisationKind, type OrganisationUserEntry, organisationUserMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { revokeAccountTokens, updateAccount } from '../auth/repository';
import { organisationIdsOf, toOrganisationUserEntry } from './dto';
import { assertKeepsAnOrganisationAdmin, isSelf, refuse } from './guards';
import { kindOf, type UserScope } from './kinds';
import { findOrganisationUser, lockOrganisationUser } from './repository';

/**
 * Enables or disables an agency or advertiser user. Disabling signs them out everywhere at
 * once: every token is revoked, and "log in as" sessions into their account die with it. Nobody
 * disables themselves.
 */
export async function setOrganisationUserEnabled(
  deps: AppDeps,
  kind: OrganisationKind,
  scope: UserScope,
  id: number,
  enabled: boolean,
  actor: Actor,
): Promise<OrganisationUserEntry> {
  const before = await lockOrganisationUser(deps.db, kind, id, scope);
  if (!before) throw notFound();
  if (!enabled && isSelf(before, actor)) throw refuse('enabled', organisationUserMessages.selfDisable);
  if (!enabled) await assertKeepsAnOrganisationAdmin(deps, kind, before, 'enabled');

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
        ...organisationIdsOf(kind, before.organisation),
        before: { enabled: before.enabled },
        after: { enabled },
      },
    ]);
  }
  const after = await findOrganisationUser(deps.db, kind, id, scope);
  if (!after) throw notFound();
  return toOrganisationUserEntry(kind, after);
}
