import {
  type AccountKind,
  adminUserMessages,
  LOCAL_ADMIN_ROLE,
  messages,
  organisationUserMessages,
  type UpdateAdminUserBody,
  type UserType,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid, notFound } from '../../../core/errors';
import { type Actor, localeIsEnabled, recordActivity } from '../../platform';
import { updateAccount } from '../auth/repository';
import { auditedFields, organisationIdsOf, toUserEntry, type UserEntry } from './dto';
import { assertKeepsAnAdministrator, isSelf, refuse } from './guards';
import { kindOf, type UserScope } from './kinds';
import { findRole, findUser, lockUser, updateProfile } from './repository';

/** What an edit sets: names, phone, role and language, and an agency or advertiser user's type. */
export type UserChanges = UpdateAdminUserBody & { type?: UserType };

/**
 * Edits a user's names, phone, role, language and (agency and advertiser users) type. Users may
 * edit their own names and phone here, but not their own role or type (no one demotes, or
 * promotes, themselves): an admin user is refused that at once, the others get it among the
 * field errors.
 */
export async function updateUser(
  deps: AppDeps,
  kind: AccountKind,
  scope: UserScope,
  id: number,
  body: UserChanges,
  actor: Actor,
): Promise<UserEntry> {
  const before = await lockUser(deps.db, kind, id, scope);
  if (!before) throw notFound();
  const self = isSelf(before, actor);
  if (kind === 'admin' && self && body.roleId !== before.role.id)
    throw refuse('roleId', adminUserMessages.cannotChangeOwnRole);

  const errors: FieldErrors = {};
  const role = await findRole(deps.db, body.roleId);
  if (role?.category !== kind) errors.roleId = [organisationUserMessages.unknownRole];
  else if (self && role.id !== before.role.id) errors.roleId = [organisationUserMessages.selfRoleChange];
  if (self && body.type !== undefined && body.type !== before.type)
    errors.type = [organisationUserMessages.selfTypeChange];
  if (body.locale !== before.locale && !(await localeIsEnabled(deps, body.locale)))
    errors.locale = [messages.unknownLocale];
  if (Object.keys(errors).length || !role) throw invalid(errors);
  // Losing the administrator role or becoming a service user both stop them counting as one.
  if (role.slug !== LOCAL_ADMIN_ROLE) await assertKeepsAnAdministrator(deps, kind, before, 'roleId');
  else if (body.type === 'service') await assertKeepsAnAdministrator(deps, kind, before, 'type');

  await updateProfile(deps.db, kind, id, {
    firstName: body.firstName,
    lastName: body.lastName,
    phone: body.phone || null,
    roleId: body.roleId,
    type: body.type,
  });
  if (body.locale !== before.locale) await updateAccount(deps.db, before.accountId, { locale: body.locale });
  // Their live sessions carry the role's permissions and the type.
  deps.sessionsChanged(before.accountId);

  const after = await findUser(deps.db, kind, id, scope);
  if (!after) throw notFound();
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: kindOf[kind].entityType,
      entityId: id,
      ...organisationIdsOf(kind, after.organisation),
      before: auditedFields(before),
      after: auditedFields(after),
    },
  ]);
  return toUserEntry(kind, after);
}
