import { type AdminUserEntry, adminUserMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { revokeAccountTokens, updateAccount } from '../auth/repository';
import { toAdminUserEntry } from './dto';
import { assertKeepsAnAdministrator, refuse } from './guards';
import { findAdminUser, lockAdminUser } from './repository';

/**
 * Enables or disables an admin user. Disabling signs them out everywhere at once (every token
 * is revoked, and "log in as" sessions die with theirs); nobody disables themself.
 */
export async function setAdminUserEnabled(
  deps: AppDeps,
  id: number,
  enabled: boolean,
  actor: Actor,
): Promise<AdminUserEntry> {
  const before = await lockAdminUser(deps.db, id);
  if (!before) throw notFound();
  if (!enabled && before.accountId === actor.accountId)
    throw refuse('enabled', adminUserMessages.cannotDisableSelf);
  if (!enabled) await assertKeepsAnAdministrator(deps, before, 'enabled');

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
        entityType: 'admin_user',
        entityId: id,
        before: { enabled: before.enabled },
        after: { enabled },
      },
    ]);
  }
  const after = await findAdminUser(deps.db, id);
  if (!after) throw notFound();
  return toAdminUserEntry(after);
}
