import type { AdvertiserDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type AdvertiserScope, findAdvertiser } from '../organisations/advertisers-repository';
import { toOneAdvertiserDto } from './facts';

/** One advertiser in the scope, or 404 'Not Found'. */
export async function getAdvertiser(
  deps: AppDeps,
  scope: AdvertiserScope,
  id: number,
): Promise<AdvertiserDto> {
  const row = await findAdvertiser(deps.db, id, scope);
  if (!row) throw notFound();
  return toOneAdvertiserDto(deps, row);
}
