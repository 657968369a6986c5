import type { OrganisationKind } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toOrganisationUserEntry } from './dto';
import type { OrganisationUsersFilter, UserScope } from './kinds';
import { listOrganisationUsers } from './repository';

/** Agency or advertiser users of the scope: search by name or e-mail, filter, sort and page. */
export async function listOrganisationUsersPage(
  deps: AppDeps,
  kind: OrganisationKind,
  scope: UserScope,
  filter: OrganisationUsersFilter,
) {
  const { rows, total } = await listOrganisationUsers(deps.db, kind, scope, filter);
  return listOfPage(
    rows.map((row) => toOrganisationUserEntry(kind, row)),
    filter,
    total,
  );
}
