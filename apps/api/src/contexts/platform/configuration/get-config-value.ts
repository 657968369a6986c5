import type { ConfigValueDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toConfigValueDto } from './dto';
import { findConfigValueById } from './repository';

export async function getConfigValue(deps: AppDeps, id: number): Promise<ConfigValueDto> {
  const row = await findConfigValueById(deps.db, id);
  if (!row) throw notFound();
  return toConfigValueDto(row);
}
