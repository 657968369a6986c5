import type { BillingSnapshot } from '@rtb/db';
import type { OrganisationMoney } from '../payments/organisation-money';

/** The organisation's billing data as a document keeps them (complete billing data assumed). */
export function buyerSnapshot(org: OrganisationMoney): BillingSnapshot {
  return {
    name: org.name,
    taxId: org.taxId ?? '',
    address: org.taxAddress ?? '',
    email: org.taxEmail ?? '',
    country: org.country?.name ?? '',
    countryCode: org.country?.code ?? '',
  };
}
