import type { RoleDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { findRole } from './repository';

export async function getRole(deps: AppDeps, id: number): Promise<RoleDto> {
  const role = await findRole(deps.db, id);
  if (!role) throw notFound();
  return role;
}
