import type { AdminUserEntry } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toAdminUserEntry } from './dto';
import { findAdminUser } from './repository';

/** One admin user, or 404 'Not Found'. */
export async function getAdminUser(deps: AppDeps, id: number): Promise<AdminUserEntry> {
  const row = await findAdminUser(deps.db, id);
  if (!row) throw notFound();
  return toAdminUserEntry(row);
}
