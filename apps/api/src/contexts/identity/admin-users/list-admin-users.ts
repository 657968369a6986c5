import type { AdminUsersQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toAdminUserEntry } from './dto';
import { listAdminUsers } from './repository';

/** The Users list: search by name or e-mail, filter by status and role, sort and page. */
export async function listAdminUsersPage(deps: AppDeps, query: AdminUsersQuery) {
  const { rows, total } = await listAdminUsers(deps.db, query);
  return listOfPage(rows.map(toAdminUserEntry), query, total);
}
