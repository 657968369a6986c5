import type { OrganisationKind, OrganisationUserEntry } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { toOrganisationUserEntry } from './dto';
import { findOrganisationUser } from './repository';

/** One agency or advertiser user, or 404 'Not Found'. */
export async function getOrganisationUser(
  deps: AppDeps,
  kind: OrganisationKind,
  id: number,
): Promise<OrganisationUserEntry> {
  const row = await findOrganisationUser(deps.db, kind, id);
  if (!row) throw notFound();
  return toOrganisationUserEntry(kind, row);
}
