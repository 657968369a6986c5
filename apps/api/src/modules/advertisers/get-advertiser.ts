import type { AdvertiserDto } from '@rtb/shared';
import type { AppDeps } from '../../core/deps';
import { notFound } from '../../core/errors';
import { findAdvertiser } from '../organisations/advertisers-repository';
import { toOneAdvertiserDto } from './facts';

/** One advertiser, or 404 'Not Found'. */
export async function getAdvertiser(deps: AppDeps, id: number): Promise<AdvertiserDto> {
  const row = await findAdvertiser(deps.db, id);
  if (!row) throw notFound();
  return toOneAdvertiserDto(deps, row);
}
