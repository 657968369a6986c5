import type { BannerDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { toBannerDto } from './dto';
import { type BannerScope, findBanner } from './repository';

/** One banner of the scope; 404 for another advertiser's, as for a missing one. */
export async function getBanner(deps: AppDeps, id: number, scope: BannerScope): Promise<BannerDto> {
  const row = await findBanner(deps.db, id, scope);
  if (!row) throw notFound();
  return toBannerDto(row);
}
