import { hasLedgerEntries } from '@rtb/ledger';
import type {
  BillingInformationBody,
  BillingInformationDto,
  CountryRef,
  CurrencyRef,
  OrganisationKind,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import type { Actor } from '../../platform';

/** An agency or advertiser as the API shows it: what its billing information is taken from. */
export interface BillingSource {
  currency: CurrencyRef | null;
  country: CountryRef | null;
  taxId: string | null;
  taxAddress: string | null;
  taxEmail: string | null;
  billingComplete: boolean;
  billingMissing: BillingInformationDto['billingMissing'];
}

/** How an organisation of one kind is read and changed (the agencies' or advertisers' operations). */
export interface OrganisationOperations<Dto extends BillingSource, Changes> {
  kind: OrganisationKind;
  get: (deps: AppDeps, id: number) => Promise<Dto>;
  update: (
    deps: AppDeps,
    id: number,
    changes: Changes | BillingInformationBody,
    actor: Actor,
  ) => Promise<Dto>;
}

const ledgerOf = (kind: OrganisationKind, id: number) =>
  kind === 'agency' ? { agencyId: id } : { advertiserId: id };

/** The billing data with spec section 3's rule, and whether money has fixed the currency. */
async function billingInformationOf(
  deps: AppDeps,
  kind: OrganisationKind,
  id: number,
  organisation: BillingSource,
): Promise<BillingInformationDto> {
  return {
    currency: organisation.currency,
    country: organisation.country,
    taxId: organisation.taxId,
    taxAddress: organisation.taxAddress,
    taxEmail: organisation.taxEmail,
    currencyLocked: await hasLedgerEntries(deps.db, ledgerOf(kind, id)),
    billingComplete: organisation.billingComplete,
    billingMissing: organisation.billingMissing,
  };
}

/** `GET me/billing-info`: the organisation's billing information. */
export async function getBillingInformation<Dto extends BillingSource, Changes>(
  deps: AppDeps,
  operations: OrganisationOperations<Dto, Changes>,
  id: number,
): Promise<BillingInformationDto> {
  return billingInformationOf(deps, operations.kind, id, await operations.get(deps, id));
}

/**
 * `PUT me/billing-info`: changes the billing data through the organisation's own update, so its
 * rules (country and currency, the currency fixed by money) and its activity-log row apply.
 */
export async function updateBillingInformation<Dto extends BillingSource, Changes>(
  deps: AppDeps,
  operations: OrganisationOperations<Dto, Changes>,
  id: number,
  body: BillingInformationBody,
  actor: Actor,
): Promise<BillingInformationDto> {
  const updated = await operations.update(deps, id, body, actor);
  return billingInformationOf(deps, operations.kind, id, updated);
}
