import type { LedgerOwner } from '@rtb/ledger';
import type { CountryRef, CurrencyRef } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { findAdvertiser, findAgency } from '../../organisations';

/** What the money rules need to know about an agency or advertiser. */
export interface OrganisationMoney {
  owner: LedgerOwner;
  kind: 'agency' | 'advertiser';
  id: number;
  name: string;
  currency: CurrencyRef | null;
  country: CountryRef | null;
  creditLimit: number;
  useCreditLimit: boolean;
  /** An advertiser whose campaigns its agency pays: agency transfers go to its agency balance. */
  agencyPaidCampaigns: boolean;
  /** The agency of an advertiser. */
  agencyId: number | null;
  taxId: string | null;
  taxAddress: string | null;
  taxEmail: string | null;
  websiteUrl: string | null;
  websiteLocales: string[];
}

/** The organisation's money facts, or 404 'Not Found'. */
export async function organisationMoney(deps: AppDeps, owner: LedgerOwner): Promise<OrganisationMoney> {
  if ('agencyId' in owner) {
    const row = await findAgency(deps.db, owner.agencyId);
    if (!row) throw notFound();
    return {
      ...row,
      owner,
      kind: 'agency',
      agencyPaidCampaigns: false,
      agencyId: null,
      websiteUrl: null,
      websiteLocales: [],
    };
  }
  const row = await findAdvertiser(deps.db, owner.advertiserId);
  if (!row) throw notFound();
  return { ...row, owner, kind: 'advertiser' };
}

/** The columns the money records of an organisation carry (`agency_id` or `advertiser_id`). */
export const ownerColumns = (owner: LedgerOwner) =>
  'agencyId' in owner
    ? { agencyId: owner.agencyId, advertiserId: null }
    : { agencyId: null, advertiserId: owner.advertiserId };
