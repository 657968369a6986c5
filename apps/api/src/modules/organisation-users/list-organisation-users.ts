import type { OrganisationKind } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { listOfPage } from '../../core/list';
import { toOrganisationUserEntry } from './dto';
import type { OrganisationUsersFilter } from './kinds';
import { listOrganisationUsers } from './repository';

/** Agency or advertiser users: search by name or e-mail, filter, sort and page. */
export async function listOrganisationUsersPage(
  deps: AppDeps,
  kind: OrganisationKind,
  filter: OrganisationUsersFilter,
) {
  const { rows, total } = await listOrganisationUsers(deps.db, kind, filter);
  return listOfPage(
    rows.map((row) => toOrganisationUserEntry(kind, row)),
    filter,
    total,
  );
}
