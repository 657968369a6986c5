import { type AdvertiserDto, billingStateOf, creditOf, toApiDateTime } from '@rtb/shared';
import type { AdvertiserRow } from '../organisations/advertisers-repository';

/** What an advertiser's row does not hold: its ledger balances and regulations. */
export interface AdvertiserFacts {
  balance: number;
  balanceAgency: number;
  hasRegulationAccepted: boolean;
}

/** An advertiser as the API shows it, with the derived values of spec section 3. */
export function toAdvertiserDto(row: AdvertiserRow, facts: AdvertiserFacts): AdvertiserDto {
  const money = { balance: facts.balance, creditLimit: row.creditLimit, useCreditLimit: row.useCreditLimit };
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    name: row.name,
    code: row.code,
    externalId: row.externalId,
    currency: row.currency,
    country: row.country,
    taxId: row.taxId,
    taxAddress: row.taxAddress,
    taxEmail: row.taxEmail,
    phone: row.phone,
    websiteUrl: row.websiteUrl,
    websiteLocales: row.websiteLocales,
    comissionPercent: Number(row.commissionPercent),
    statusVerification: row.statusVerification,
    ...money,
    balanceAgency: facts.balanceAgency,
    ...creditOf(money),
    hasRegulationAccepted: facts.hasRegulationAccepted,
    agency: row.agency ? { id: row.agency.id, name: row.agency.name } : null,
    hasAgency: row.agencyId !== null,
    agencyPaidCampaigns: row.agencyPaidCampaigns,
    timeZone: row.timeZone,
    creativesTrusted: row.creativesTrusted,
    stripeId: row.stripeId,
    ...billingStateOf('advertiser', row),
  };
}

/** The fields an activity-log row keeps of an advertiser. */
export function auditedFields(row: AdvertiserRow) {
  return {
    name: row.name,
    code: row.code,
    externalId: row.externalId,
    agencyId: row.agencyId,
    currencyId: row.currencyId,
    countryId: row.countryId,
    taxId: row.taxId,
    taxAddress: row.taxAddress,
    taxEmail: row.taxEmail,
    phone: row.phone,
    websiteUrl: row.websiteUrl,
    websiteLocales: row.websiteLocales,
    commissionPercent: Number(row.commissionPercent),
    agencyPaidCampaigns: row.agencyPaidCampaigns,
    statusVerification: row.statusVerification,
    creditLimit: row.creditLimit,
    useCreditLimit: row.useCreditLimit,
    stripeId: row.stripeId,
    timeZone: row.timeZone,
    creativesTrusted: row.creativesTrusted,
  };
}
