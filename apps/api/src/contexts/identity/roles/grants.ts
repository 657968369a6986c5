import { type AccountKind, type RolePermissionInput, roleMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { FieldErrors } from '../../../core/errors';
import { listPermissions } from './repository';

/**
 * The catalogue entries a role form asks for, or errors on `permissions.<i>.resource` for a
 * resource outside the category's catalogue or one listed twice.
 */
export async function resolveGrants(
  deps: AppDeps,
  category: AccountKind,
  requested: RolePermissionInput[],
): Promise<{ grants: { permissionId: number; mode: RolePermissionInput['mode'] }[]; errors: FieldErrors }> {
  const catalogue = new Map(
    (await listPermissions(deps.db, category)).map((entry) => [entry.resource, entry.id]),
  );
  const errors: FieldErrors = {};
  const seen = new Set<string>();
  const grants: { permissionId: number; mode: RolePermissionInput['mode'] }[] = [];
  requested.forEach((grant, index) => {
    const permissionId = catalogue.get(grant.resource);
    const key = `permissions.${index}.resource`;
    if (permissionId === undefined) errors[key] = [roleMessages.unknownResource];
    else if (seen.has(grant.resource)) errors[key] = [roleMessages.duplicateResource];
    else grants.push({ permissionId, mode: grant.mode });
    seen.add(grant.resource);
  });
  return { grants, errors };
}
