import { adminUserMessages, LOCAL_ADMIN_ROLE } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { refusedField } from '../../../core/errors';
import { countOtherEnabledWithRole } from './repository';

/** 422 whose message says what is wrong, on the field it concerns. */
export const refuse = refusedField;

/**
 * The platform always keeps an enabled user with the administrator role: taking the role away
 * from, or disabling, the last one is refused.
 */
export async function assertKeepsAnAdministrator(
  deps: AppDeps,
  user: { id: number; enabled: boolean; role: { slug: string } },
  field: string,
): Promise<void> {
  if (!user.enabled || user.role.slug !== LOCAL_ADMIN_ROLE) return;
  if ((await countOtherEnabledWithRole(deps.db, LOCAL_ADMIN_ROLE, user.id)) === 0)
    throw refuse(field, adminUserMessages.lastAdmin);
}
