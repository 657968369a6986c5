import type { AdvertiserDto, LogStatusVerificationDto, StatusVerificationBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { findAdvertiser, lockAdvertiser, updateAdvertiser } from '../organisations/advertisers-repository';
import { assertStatusChanges, logStatusChange } from '../organisations/status-verifications';
import { toOneAdvertiserDto } from './facts';

/** Changes an advertiser's verification status, with a history row naming who did it and why. */
export async function changeAdvertiserStatus(
  deps: AppDeps,
  id: number,
  body: StatusVerificationBody,
  actor: Actor,
): Promise<{ advertiser: AdvertiserDto; logStatusVerification: LogStatusVerificationDto }> {
  const before = await lockAdvertiser(deps.db, id);
  if (!before) throw notFound();
  assertStatusChanges(before.statusVerification, body.statusVerification);

  await updateAdvertiser(deps.db, id, { statusVerification: body.statusVerification });
  const logStatusVerification = await logStatusChange(
    deps,
    { advertiserId: id },
    before.statusVerification,
    body,
    actor,
  );
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'advertiser',
      entityId: id,
      advertiserId: id,
      agencyId: before.agencyId,
      before: { statusVerification: before.statusVerification },
      after: { statusVerification: body.statusVerification },
    },
  ]);
  const after = await findAdvertiser(deps.db, id);
  if (!after) throw notFound();
  return { advertiser: await toOneAdvertiserDto(deps, after), logStatusVerification };
}
