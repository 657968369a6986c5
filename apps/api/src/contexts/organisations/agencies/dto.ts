import { type AgencyDto, billingStateOf, creditOf, toApiDateTime } from '@rtb/shared';
import type { AgencyRow } from '../organisations/agencies-repository';

/** What an agency's row does not hold: its ledger balance, regulations and advertisers. */
export interface AgencyFacts {
  balance: number;
  hasRegulationAccepted: boolean;
  advertisersCount: number;
}

/** An agency as the API shows it, with the derived values of spec section 3. */
export function toAgencyDto(row: AgencyRow, facts: AgencyFacts): AgencyDto {
  const money = { balance: facts.balance, creditLimit: row.creditLimit, useCreditLimit: row.useCreditLimit };
  return {
    id: row.id,
    createdAt: toApiDateTime(row.createdAt),
    updatedAt: toApiDateTime(row.updatedAt),
    name: row.name,
    currency: row.currency,
    country: row.country,
    taxId: row.taxId,
    taxAddress: row.taxAddress,
    taxEmail: row.taxEmail,
    phone: row.phone,
    statusVerification: row.statusVerification,
    ...money,
    ...creditOf(money),
    hasRegulationAccepted: facts.hasRegulationAccepted,
    commissionPercentLimit: Number(row.commissionPercentLimit),
    stripeId: row.stripeId,
    ...billingStateOf('agency', row),
    advertisersCount: facts.advertisersCount,
  };
}

/** The fields an activity-log row keeps of an agency. */
export function auditedFields(row: AgencyRow) {
  return {
    name: row.name,
    currencyId: row.currencyId,
    countryId: row.countryId,
    taxId: row.taxId,
    taxAddress: row.taxAddress,
    taxEmail: row.taxEmail,
    phone: row.phone,
    statusVerification: row.statusVerification,
    creditLimit: row.creditLimit,
    useCreditLimit: row.useCreditLimit,
    commissionPercentLimit: Number(row.commissionPercentLimit),
    stripeId: row.stripeId,
  };
}
