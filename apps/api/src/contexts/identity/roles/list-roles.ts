import type { RolesQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { listRoles } from './repository';

/** Roles with their permissions, optionally of one category (the role pickers and the Roles tab). */
export async function listRolesPage(deps: AppDeps, query: RolesQuery) {
  const { rows, total } = await listRoles(deps.db, query);
  return listOfPage(rows, query, total);
}
