import { advertisers, currencies, type Database } from '@rtb/db';
import { eq, inArray } from 'drizzle-orm';

/**
 * What delivery reads of advertisers, one row each with its currency (left-joined): what decides
 * whether they serve and what their bids carry.
 */
export async function deliveryAdvertiserRows(db: Database, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .select({
      id: advertisers.id,
      name: advertisers.name,
      agencyId: advertisers.agencyId,
      agencyPaidCampaigns: advertisers.agencyPaidCampaigns,
      commissionPercent: advertisers.commissionPercent,
      timeZone: advertisers.timeZone,
      statusVerification: advertisers.statusVerification,
      creditLimit: advertisers.creditLimit,
      useCreditLimit: advertisers.useCreditLimit,
      taxId: advertisers.taxId,
      taxAddress: advertisers.taxAddress,
      taxEmail: advertisers.taxEmail,
      countryId: advertisers.countryId,
      currencyId: advertisers.currencyId,
      websiteUrl: advertisers.websiteUrl,
      websiteLocales: advertisers.websiteLocales,
      currency: { code: currencies.code, minorUnits: currencies.minorUnits },
    })
    .from(advertisers)
    .leftJoin(currencies, eq(currencies.id, advertisers.currencyId))
    .where(inArray(advertisers.id, [...new Set(ids)]));
}

export type DeliveryAdvertiserRow = Awaited<ReturnType<typeof deliveryAdvertiserRows>>[number];
