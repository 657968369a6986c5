import type { OrganisationKind, OrganisationUserEntry } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toOrganisationUserEntry } from './dto';
import type { UserScope } from './kinds';
import { findOrganisationUser } from './repository';

/** One agency or advertiser user in the scope, or 404 'Not Found'. */
export async function getOrganisationUser(
  deps: AppDeps,
  kind: OrganisationKind,
  scope: UserScope,
  id: number,
): Promise<OrganisationUserEntry> {
  const row = await findOrganisationUser(deps.db, kind, id, scope);
  if (!row) throw notFound();
  return toOrganisationUserEntry(kind, row);
}
