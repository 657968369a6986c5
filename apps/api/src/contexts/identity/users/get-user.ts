import type { AccountKind } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toUserEntry, type UserEntry } from './dto';
import type { UserScope } from './kinds';
import { findUser } from './repository';

/** One user of the kind in the scope, or 404 'Not Found'. */
export async function getUser(
  deps: AppDeps,
  kind: AccountKind,
  scope: UserScope,
  id: number,
): Promise<UserEntry> {
  const row = await findUser(deps.db, kind, id, scope);
  if (!row) throw notFound();
  return toUserEntry(kind, row);
}
