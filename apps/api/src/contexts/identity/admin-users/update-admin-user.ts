import {
  type AdminUserEntry,
  adminUserMessages,
  LOCAL_ADMIN_ROLE,
  messages,
  type UpdateAdminUserBody,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid, notFound } from '../../../core/errors';
import { type Actor, localeIsEnabled, recordActivity } from '../../platform';
import { updateAccount } from '../auth/repository';
import { auditedFields, toAdminUserEntry } from './dto';
import { assertKeepsAnAdministrator, refuse } from './guards';
import { findAdminUser, findRole, lockAdminUser, updateAdminUser as updateProfile } from './repository';

/** Edits an admin user's names, phone, role and language. Nobody changes their own role. */
export async function updateAdminUser(
  deps: AppDeps,
  id: number,
  body: UpdateAdminUserBody,
  actor: Actor,
): Promise<AdminUserEntry> {
  const before = await lockAdminUser(deps.db, id);
  if (!before) throw notFound();
  const roleChanges = body.roleId !== before.role.id;
  if (roleChanges && before.accountId === actor.accountId)
    throw refuse('roleId', adminUserMessages.cannotChangeOwnRole);

  const errors: FieldErrors = {};
  const role = await findRole(deps.db, body.roleId);
  if (role?.category !== 'admin') errors.roleId = [adminUserMessages.unknownRole];
  if (body.locale !== before.locale && !(await localeIsEnabled(deps, body.locale)))
    errors.locale = [messages.unknownLocale];
  if (Object.keys(errors).length || !role) throw invalid(errors);
  if (roleChanges && role.slug !== LOCAL_ADMIN_ROLE) await assertKeepsAnAdministrator(deps, before, 'roleId');

  await updateProfile(deps.db, id, {
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone || null,
    roleId: body.roleId,
  });
  if (body.locale !== before.locale) await updateAccount(deps.db, before.accountId, { locale: body.locale });
  deps.sessionsChanged(before.accountId);

  const after = await findAdminUser(deps.db, id);
  if (!after) throw notFound();
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'admin_user',
      entityId: id,
      before: auditedFields(before),
      after: auditedFields(after),
    },
  ]);
  return toAdminUserEntry(after);
}
