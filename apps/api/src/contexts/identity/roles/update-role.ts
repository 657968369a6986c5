import { type RoleDto, roleMessages, type UpdateRoleBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, HttpError, invalid, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { auditedFields } from './dto';
import { resolveGrants } from './grants';
import { findRole, lockRole, nameTaken, replaceRolePermissions, updateRoleName } from './repository';
import { roleSessionsChanged } from './sessions';

/**
 * Renames an editable role and sets its whole permission set. It takes effect at once: the
 * sessions of everyone with the role are reloaded on their next request. The slug stays.
 */
export async function updateRole(
  deps: AppDeps,
  id: number,
  body: UpdateRoleBody,
  actor: Actor,
): Promise<RoleDto> {
  const before = await lockRole(deps.db, id);
  if (!before) throw notFound();
  if (!before.editable) throw new HttpError(422, 'roles.not_editable');

  const { grants, errors: grantErrors } = await resolveGrants(deps, before.category, body.permissions);
  const errors: FieldErrors = { ...grantErrors };
  if (await nameTaken(deps.db, before.category, body.name, id)) errors.name = [roleMessages.nameTaken];
  if (Object.keys(errors).length) throw invalid(errors);

  if (body.name !== before.name) await updateRoleName(deps.db, id, body.name);
  await replaceRolePermissions(deps.db, id, grants);
  roleSessionsChanged(deps, id);

  const after = await findRole(deps.db, id);
  if (!after) throw notFound();
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'role',
      entityId: id,
      before: auditedFields(before),
      after: auditedFields(after),
    },
  ]);
  return after;
}
