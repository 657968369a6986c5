import {
  LOCAL_ADMIN_ROLE,
  messages,
  type OrganisationKind,
  type OrganisationUserEntry,
  organisationUserMessages,
  type UpdateOrganisationUserBody,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid, notFound } from '../../../core/errors';
import { type Actor, localeIsEnabled, recordActivity } from '../../platform';
import { updateAccount } from '../auth/repository';
import { auditedFields, organisationIdsOf, toOrganisationUserEntry } from './dto';
import { assertKeepsAnOrganisationAdmin, isSelf } from './guards';
import { kindOf, type UserScope } from './kinds';
import {
  findOrganisationUser,
  findRole,
  lockOrganisationUser,
  updateOrganisationUser as updateProfile,
} from './repository';

/**
 * Edits an agency or advertiser user's names, phone, role, type and language. Users may edit
 * their own names and phone here, but not their own role or type (no one demotes, or promotes,
 * themselves).
 */
export async function updateOrganisationUser(
  deps: AppDeps,
  kind: OrganisationKind,
  scope: UserScope,
  id: number,
  body: UpdateOrganisationUserBody,
  actor: Actor,
): Promise<OrganisationUserEntry> {
  const before = await lockOrganisationUser(deps.db, kind, id, scope);
  if (!before) throw notFound();

  const errors: FieldErrors = {};
  const role = await findRole(deps.db, body.roleId);
  if (role?.category !== kind) errors.roleId = [organisationUserMessages.unknownRole];
  else if (isSelf(before, actor) && role.id !== before.role.id)
    errors.roleId = [organisationUserMessages.selfRoleChange];
  if (isSelf(before, actor) && body.type !== before.type)
    errors.type = [organisationUserMessages.selfTypeChange];
  if (body.locale !== before.locale && !(await localeIsEnabled(deps, body.locale)))
    errors.locale = [messages.unknownLocale];
  if (Object.keys(errors).length || !role) throw invalid(errors);
  // Losing the administrator role or becoming a service user both stop them counting as one.
  if (role.slug !== LOCAL_ADMIN_ROLE) await assertKeepsAnOrganisationAdmin(deps, kind, before, 'roleId');
  else if (body.type !== 'default') await assertKeepsAnOrganisationAdmin(deps, kind, before, 'type');

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

  const after = await findOrganisationUser(deps.db, kind, id, scope);
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
  return toOrganisationUserEntry(kind, after);
}
