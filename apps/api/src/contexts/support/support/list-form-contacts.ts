import type { FormContactsQuery, OwnFormContactsQuery } from '@rtb/shared';
import type { OrganisationRef } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { listOfPage } from '../../../core/list';
import { toFormContactListItem } from './dto';
import { listFormContacts } from './form-contacts-repository';

/** A page of one organisation's contacts (`scope`), or of everyone's for admins (null). */
export async function listFormContactsPage(
  deps: AppDeps,
  scope: OrganisationRef | null,
  query: FormContactsQuery | OwnFormContactsQuery,
) {
  const { rows, total } = await listFormContacts(deps.db, scope, query);
  return listOfPage(rows.map(toFormContactListItem), query, total);
}
