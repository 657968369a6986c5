import type { AppDeps } from '../../../core/deps';
import type { Actor } from '../../platform';

/** Whose ledger: an agency's or an advertiser's. */
export type OrganisationOwner = { agencyId: number } | { advertiserId: number };

export interface CreditTerms {
  creditLimit: number;
  useCreditLimit: boolean;
}

/**
 * What organisations need of the money context beyond the ledger's reads (`@rtb/ledger`:
 * balances, whether money moved). Money builds on organisations (it names them in its lists and
 * books on their accounts), so it is handed in when the process starts (create-deps) instead of
 * imported: the graph of contexts stays without a cycle.
 */
export interface MoneyOfOrganisations {
  /** Records a change of credit terms in the transaction of the change (a new organisation: `before` null). */
  recordCreditTerms(
    deps: AppDeps,
    owner: OrganisationOwner,
    before: CreditTerms | null,
    after: CreditTerms & { currencyId: number | null },
    actor: Actor,
  ): Promise<unknown>;
}

/**
 * What becomes of an advertiser's creatives when the advertiser changes; the campaigns context,
 * which builds on organisations, provides it.
 */
export interface AdvertiserCreatives {
  /** The advertiser's creatives are trusted from now on: its banners waiting for review are approved. */
  trusted(deps: AppDeps, advertiserId: number, actor: Actor): Promise<unknown>;
}

declare module '../../../core/deps' {
  interface AppDeps {
    organisationMoney: MoneyOfOrganisations;
    advertiserCreatives: AdvertiserCreatives;
  }
}
