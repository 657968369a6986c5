import { type CreateRoleBody, type RoleDto, roleMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type FieldErrors, invalid } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { auditedFields } from './dto';
import { resolveGrants } from './grants';
import { findRole, nameTaken, replaceRolePermissions } from './repository';
import { insertRoleWithSlug } from './slug';

/** Adds an editable role to a category, granting resources of that category's catalogue. */
export async function createRole(deps: AppDeps, body: CreateRoleBody, actor: Actor): Promise<RoleDto> {
  const { grants, errors: grantErrors } = await resolveGrants(deps, body.category, body.permissions);
  const errors: FieldErrors = { ...grantErrors };
  if (await nameTaken(deps.db, body.category, body.name)) errors.name = [roleMessages.nameTaken];
  if (Object.keys(errors).length) throw invalid(errors);

  const id = await insertRoleWithSlug(deps, { category: body.category, name: body.name });
  await replaceRolePermissions(deps.db, id, grants);
  const created = await findRole(deps.db, id);
  if (!created) throw new Error('The new role disappeared.');
  await recordActivity(deps, actor, [
    { event: 'created', entityType: 'role', entityId: id, after: auditedFields(created) },
  ]);
  return created;
}
