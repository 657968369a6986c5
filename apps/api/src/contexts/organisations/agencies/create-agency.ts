import type { AgencyBody, AgencyDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalid } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { findAgency } from '../organisations/agencies-repository';
import * as organisations from '../organisations/service';
import { billingReferenceErrors } from '../organisations/validation';
import { auditedFields } from './dto';
import { toOneAgencyDto } from './facts';

/** Adds an agency; it starts unverified, with no money, and billing data as far as given. */
export async function createAgency(deps: AppDeps, body: AgencyBody, actor: Actor): Promise<AgencyDto> {
  const values = {
    name: body.name,
    currencyId: body.currencyId ?? null,
    countryId: body.countryId ?? null,
    taxId: body.taxId ?? null,
    taxAddress: body.taxAddress ?? null,
    taxEmail: body.taxEmail ?? null,
    phone: body.phone ?? null,
    creditLimit: body.creditLimit ?? 0,
    useCreditLimit: body.useCreditLimit ?? false,
    commissionPercentLimit: (body.commissionPercentLimit ?? 0).toFixed(2),
  };
  const errors = await billingReferenceErrors(deps, values, null);
  if (Object.keys(errors).length) throw invalid(errors);

  const { id } = await organisations.createAgency(deps, values);
  const created = await findAgency(deps.db, id);
  if (!created) throw new Error('The new agency disappeared.');
  await deps.organisationMoney.recordCreditTerms(deps, { agencyId: id }, null, created, actor);
  await recordActivity(deps, actor, [
    { event: 'created', entityType: 'agency', entityId: id, agencyId: id, after: auditedFields(created) },
  ]);
  return toOneAgencyDto(deps, created);
}
