import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { auditedFields } from './dto';
import { countRoleUsers, deleteRole, lockRole } from './repository';

/**
 * Deletes an editable role that nobody has. The role stays locked until the commit, so no user
 * can be given it between the count and the delete.
 */
export async function removeRole(deps: AppDeps, id: number, actor: Actor): Promise<void> {
  const role = await lockRole(deps.db, id);
  if (!role) throw notFound();
  if (!role.editable) throw new HttpError(422, 'roles.not_editable');
  if ((await countRoleUsers(deps.db, id)) > 0) throw new HttpError(422, 'roles.in_use');
  await deleteRole(deps.db, id);
  await recordActivity(deps, actor, [
    { event: 'deleted', entityType: 'role', entityId: id, before: auditedFields(role) },
  ]);
}
