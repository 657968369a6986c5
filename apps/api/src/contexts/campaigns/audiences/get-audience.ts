import type { AudienceDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toAudienceDto } from './dto';
import { findAudience } from './repository';

/** One of the advertiser's audiences with its size now; 404 for another's, as for a missing one. */
export async function getAudience(deps: AppDeps, advertiserId: number, id: number): Promise<AudienceDto> {
  const row = await findAudience(deps.db, advertiserId, id, new Date());
  if (!row) throw notFound();
  return toAudienceDto(row);
}
