import type { AgencyDto, LogStatusVerificationDto, StatusVerificationBody } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { findAgency, lockAgency, updateAgency } from '../organisations/agencies-repository';
import { assertStatusChanges, logStatusChange } from '../organisations/status-verifications';
import { toOneAgencyDto } from './facts';

/** Changes an agency's verification status, with a history row naming who did it and why. */
export async function changeAgencyStatus(
  deps: AppDeps,
  id: number,
  body: StatusVerificationBody,
  actor: Actor,
): Promise<{ agency: AgencyDto; logStatusVerification: LogStatusVerificationDto }> {
  const before = await lockAgency(deps.db, id);
  if (!before) throw notFound();
  assertStatusChanges(before.statusVerification, body.statusVerification);

  await updateAgency(deps.db, id, { statusVerification: body.statusVerification });
  const logStatusVerification = await logStatusChange(
    deps,
    { agencyId: id },
    before.statusVerification,
    body,
    actor,
  );
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'agency',
      entityId: id,
      agencyId: id,
      before: { statusVerification: before.statusVerification },
      after: { statusVerification: body.statusVerification },
    },
  ]);
  const after = await findAgency(deps.db, id);
  if (!after) throw notFound();
  return { agency: await toOneAgencyDto(deps, after), logStatusVerification };
}
