import { rebuildCampaignDailyStats } from '@rtb/delivery';
import type { AdvertiserBody, AdvertiserDto } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalid, notFound } from '../../../core/errors';
import { type Actor, recordActivity } from '../../platform';
import {
  type AdvertiserScope,
  findAdvertiser,
  lockAdvertiser,
  updateAdvertiser as updateRow,
} from '../organisations/advertisers-repository';
import { givenFields } from '../organisations/validation';
import { auditedFields } from './dto';
import { toOneAdvertiserDto } from './facts';
import { advertiserErrors, uniqueLocales } from './rules';

/**
 * Edits an advertiser of the scope: its details, agency, website, commission, time zone, billing
 * data, credit and whether its creatives are trusted, as far as the body has them (an agency's
 * body and the advertiser's own have fewer; a field left out stays as it is). Turning the trust
 * on approves the advertiser's pending creatives in the same transaction, and a new time zone
 * counts its delivery's days again (the daily rollup the reports read). Its verification status changes through its own endpoint and
 * its balances only through the ledger.
 */
export async function updateAdvertiser(
  deps: AppDeps,
  scope: AdvertiserScope,
  id: number,
  /** The fields to change (a field left out stays as it is). */
  changes: Partial<AdvertiserBody>,
  actor: Actor,
): Promise<AdvertiserDto> {
  const before = await lockAdvertiser(deps.db, id, scope);
  if (!before) throw notFound();
  const { comissionPercent, websiteLocales, ...given } = givenFields(changes);
  const next = {
    agencyId: given.agencyId !== undefined ? given.agencyId : before.agencyId,
    code: given.code ?? before.code,
    countryId: given.countryId !== undefined ? given.countryId : before.countryId,
    currencyId: given.currencyId !== undefined ? given.currencyId : before.currencyId,
    websiteLocales: websiteLocales ? uniqueLocales(websiteLocales) : before.websiteLocales,
    commissionPercent: comissionPercent ?? Number(before.commissionPercent),
    agencyPaidCampaigns: given.agencyPaidCampaigns ?? before.agencyPaidCampaigns,
  };
  const errors = await advertiserErrors(deps, next, before);
  if (Object.keys(errors).length) throw invalid(errors);

  await updateRow(deps.db, id, {
    ...given,
    websiteLocales: next.websiteLocales,
    commissionPercent: next.commissionPercent.toFixed(2),
  });
  const after = await findAdvertiser(deps.db, id);
  if (!after) throw notFound();
  // Its reports' days are its clock's: the daily rollup counts its past hours in the new zone.
  if (after.timeZone !== before.timeZone) await rebuildCampaignDailyStats(deps.db, id);
  await deps.organisationMoney.recordCreditTerms(deps, { advertiserId: id }, before, after, actor);
  // Trusting an advertiser with its creatives clears its part of the review queue, too.
  if (after.creativesTrusted && !before.creativesTrusted)
    await deps.advertiserCreatives.trusted(deps, id, actor);
  await recordActivity(deps, actor, [
    {
      event: 'updated',
      entityType: 'advertiser',
      entityId: id,
      advertiserId: id,
      agencyId: after.agencyId,
      before: auditedFields(before),
      after: auditedFields(after),
    },
  ]);
  return toOneAdvertiserDto(deps, after);
}
