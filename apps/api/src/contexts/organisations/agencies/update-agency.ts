import { type AgencyBody, type AgencyDto, agencyMessages } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalid, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import {
  countAdvertisersAboveCommission,
  findAgency,
  lockAgency,
  updateAgency as updateRow,
} from '../organisations/agencies-repository';
import { billingReferenceErrors, givenFields } from '../organisations/validation';
import { auditedFields } from './dto';
import { toOneAgencyDto } from './facts';

/**
 * Edits an agency's details, billing data, credit and commission limit: all of them for admins,
 * what its own users may change for them (their body schema drops the rest). Its verification
 * status changes through its own endpoint and its balance only through the ledger.
 */
export async function updateAgency(
  deps: AppDeps,
  id: number,
  /** The fields to change (a field left out stays as it is). */
  changes: Partial<AgencyBody>,
  actor: Actor,
): Promise<AgencyDto> {
  const before = await lockAgency(deps.db, id);
  if (!before) throw notFound();
  const { commissionPercentLimit, ...given } = givenFields(changes);

  const errors = await billingReferenceErrors(
    deps,
    {
      countryId: given.countryId !== undefined ? given.countryId : before.countryId,
      currencyId: given.currencyId !== undefined ? given.currencyId : before.currencyId,
    },
    { before, ledger: { agencyId: id } },
  );
  // Lowering the limit below an advertiser's commission would break the rule advertisers follow.
  if (
    commissionPercentLimit !== undefined &&
    commissionPercentLimit < Number(before.commissionPercentLimit) &&
    (await countAdvertisersAboveCommission(deps.db, id, commissionPercentLimit)) > 0
  )
    errors.commissionPercentLimit = [agencyMessages.limitBelowAdvertisers];
  if (Object.keys(errors).length) throw invalid(errors);

  await updateRow(deps.db, id, {
    ...given,
    ...(commissionPercentLimit === undefined
      ? {}
      : { commissionPercentLimit: commissionPercentLimit.toFixed(2) }),
  });
  const after = await findAgency(deps.db, id);
  if (!after) throw notFound();
  await deps.organisationMoney.recordCreditTerms(deps, { agencyId: id }, before, after, actor);
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'agency',
      entityId: id,
      agencyId: id,
      before: auditedFields(before),
      after: auditedFields(after),
    },
  ]);
  return toOneAgencyDto(deps, after);
}
