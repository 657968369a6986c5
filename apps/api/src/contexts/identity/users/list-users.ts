import type { AccountKind } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toUserEntry } from './dto';
import type { UserScope, UsersFilter } from './kinds';
import { listUsers } from './repository';

/** The Users list of a kind in the scope: search by name or e-mail, filter, sort and page. */
export async function listUsersPage(deps: AppDeps, kind: AccountKind, scope: UserScope, filter: UsersFilter) {
  const { rows, total } = await listUsers(deps.db, kind, scope, filter);
  return listOfPage(
    rows.map((row) => toUserEntry(kind, row)),
    filter,
    total,
  );
}
