import type { BannerDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { HttpError, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { auditedBanner, toBannerDto } from './dto';
import { type BannerRecord, type BannerScope, findBanner, lockBanner } from './repository';

/** The banner in the scope, locked for a change; 404 when the scope does not reach it. */
export async function lockedBanner(deps: AppDeps, id: number, scope: BannerScope): Promise<BannerRecord> {
  const banner = await lockBanner(deps.db, id, scope);
  if (!banner) throw notFound();
  return banner;
}

/** An archived banner keeps what it was: restore it first. */
export function assertEditable(banner: BannerRecord): void {
  if (banner.status === 'archived') throw new HttpError(422, 'banners.not_editable');
}

/** The banner as it is now, its change in the activity log (nothing when nothing changed). */
export async function changedBanner(deps: AppDeps, before: BannerRecord, actor: Actor): Promise<BannerDto> {
  const after = await findBanner(deps.db, before.id);
  if (!after) throw new Error(`banner ${before.id} not found after update`);
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'banner',
      entityId: before.id,
      before: auditedBanner(before),
      after: auditedBanner(after),
      advertiserId: after.advertiserId,
    },
  ]);
  return toBannerDto(after);
}
