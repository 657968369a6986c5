import type { LedgerOwner } from '@rtb/ledger';
import { balancesOf } from '@rtb/ledger';
import {
  billingStateOf,
  creditOf,
  isBankAccountConfigured,
  ONLINE_PAYMENT_MAX_GROSS,
  type PaymentsOverviewDto,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { sellerSnapshot } from '../invoices/seller';
import { taxTermsFor } from '../invoices/tax';
import { organisationMoney } from './organisation-money';

/**
 * The head of an organisation's payments page: balances and credit, whether its billing data
 * allow a top-up, the VAT a top-up gets, and the ways to top up (online when configured; a
 * bank transfer to the seller's account, none while it is the placeholder).
 */
export async function paymentsOverview(deps: AppDeps, owner: LedgerOwner): Promise<PaymentsOverviewDto> {
  const org = await organisationMoney(deps, owner);
  const balances = await balancesOf(
    deps.db,
    'agencyId' in owner
      ? { agencyIds: [owner.agencyId], advertiserIds: [] }
      : { agencyIds: [], advertiserIds: [owner.advertiserId] },
  );
  const own =
    'agencyId' in owner
      ? {
          balance: balances.agencies.get(owner.agencyId) ?? 0,
          balanceAgency: null,
          commission: balances.agencyCommissions.get(owner.agencyId) ?? 0,
        }
      : {
          ...(balances.advertisers.get(owner.advertiserId) ?? { balance: 0, balanceAgency: 0 }),
          commission: null,
        };
  const money = { balance: own.balance, creditLimit: org.creditLimit, useCreditLimit: org.useCreditLimit };
  const terms = await taxTermsFor(deps, org.country?.code ?? null);
  const seller = await sellerSnapshot(deps);
  return {
    kind: org.kind,
    organisation: { id: org.id, name: org.name },
    currency: org.currency,
    ...money,
    balanceAgency: own.balanceAgency,
    commission: own.commission,
    agencyPaidCampaigns: org.kind === 'advertiser' ? org.agencyPaidCampaigns : null,
    ...creditOf(money),
    ...billingStateOf(org.kind, org),
    taxPercent: Number(terms.taxPercent),
    taxNote: terms.taxNote,
    onlineTopUp: { available: deps.paymentProvider !== null, maxGross: ONLINE_PAYMENT_MAX_GROSS },
    bankTransfer: {
      sellerName: seller.name,
      bankAccount: isBankAccountConfigured(seller.bankAccount) ? seller.bankAccount : null,
    },
  };
}
