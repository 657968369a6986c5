import type { OrganisationRef } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { findStoredFile } from './repository';

/**
 * A file for a download: admins (viewer null) get any; an agency or advertiser user only their
 * own organisation's, and 404 for any other, so ids reveal nothing.
 */
export async function fileForDownload(deps: AppDeps, id: number, viewer: OrganisationRef | null) {
  const file = await findStoredFile(deps.db, id);
  if (!file) throw notFound();
  if (viewer) {
    const own =
      'agencyId' in viewer
        ? file.agencyId === viewer.agencyId && file.advertiserId === null
        : file.advertiserId === viewer.advertiserId;
    if (!own) throw notFound();
  }
  return file;
}
