import type { AdvertiserBody, AdvertiserDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { FieldErrors } from '../../../core/errors';
import { invalid } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import { findAdvertiser, findAgencyForAdvertiser } from '../organisations/advertisers-repository';
import * as organisations from '../organisations/service';
import { auditedFields } from './dto';
import { toOneAdvertiserDto } from './facts';
import { advertiserErrors, uniqueLocales } from './rules';

/**
 * The commission a new advertiser gets when none is given: the platform default, but no more
 * than its agency allows.
 */
async function defaultCommission(deps: AppDeps, agencyId: number | null): Promise<number> {
  const platform = await organisations.defaultCommissionPercent(deps);
  const agency = agencyId === null ? null : await findAgencyForAdvertiser(deps.db, agencyId);
  return agency ? Math.min(platform, Number(agency.commissionPercentLimit)) : platform;
}

/** A new advertiser's row as it would be saved, and what the rules say about it. */
export async function prepareAdvertiser(deps: AppDeps, body: AdvertiserBody) {
  const agencyId = body.agencyId ?? null;
  const commissionPercent = body.comissionPercent ?? (await defaultCommission(deps, agencyId));
  const values = {
    name: body.name,
    code: body.code || null,
    externalId: body.externalId ?? null,
    agencyId,
    currencyId: body.currencyId ?? null,
    countryId: body.countryId ?? null,
    taxId: body.taxId ?? null,
    taxAddress: body.taxAddress ?? null,
    taxEmail: body.taxEmail ?? null,
    phone: body.phone ?? null,
    websiteUrl: body.websiteUrl ?? null,
    websiteLocales: uniqueLocales(body.websiteLocales ?? []),
    agencyPaidCampaigns: body.agencyPaidCampaigns ?? false,
    creditLimit: body.creditLimit ?? 0,
    useCreditLimit: body.useCreditLimit ?? false,
    commissionPercent,
    // Left out: the config value `default_time_zone`.
    timeZone: body.timeZone,
    creativesTrusted: body.creativesTrusted ?? false,
  };
  const errors: FieldErrors = await advertiserErrors(deps, values, null);
  return { values, errors };
}

/** Saves a prepared advertiser (its rules already hold) with its activity-log row. */
export async function insertAdvertiser(
  deps: AppDeps,
  { values }: Awaited<ReturnType<typeof prepareAdvertiser>>,
  actor: Actor,
): Promise<AdvertiserDto> {
  const { id } = await organisations.createAdvertiser(deps, {
    ...values,
    commissionPercent: values.commissionPercent.toFixed(2),
  });
  const created = await findAdvertiser(deps.db, id);
  if (!created) throw new Error('The new advertiser disappeared.');
  await deps.organisationMoney.recordCreditTerms(deps, { advertiserId: id }, null, created, actor);
  await recordActivity(deps, actor, [
    {
      event: 'created',
      entityType: 'advertiser',
      entityId: id,
      advertiserId: id,
      agencyId: created.agencyId,
      after: auditedFields(created),
    },
  ]);
  return toOneAdvertiserDto(deps, created);
}

/** Adds an advertiser; it starts unverified, with no money; an empty code is generated. */
export async function createAdvertiser(
  deps: AppDeps,
  body: AdvertiserBody,
  actor: Actor,
): Promise<AdvertiserDto> {
  const prepared = await prepareAdvertiser(deps, body);
  if (Object.keys(prepared.errors).length) throw invalid(prepared.errors);
  return insertAdvertiser(deps, prepared, actor);
}
