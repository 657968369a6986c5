import { balancesOf } from '@rtb/ledger';
import { localTime, type ServingFacts } from '@rtb/rtb';
import { billingStateOf, configKeys, creditOf } from '@rtb/shared';
import type { DeliveryDeps } from '../deps';
import { type DeliveryAdvertiserRow, deliveryAdvertiserRows } from './advertiser-rows';
import { organisationsWithAcceptedRegulations } from './regulation-acceptance';

/** What the campaigns of one advertiser share: its money, its account's state, its clock. */
export interface AdvertiserContext {
  id: number;
  /** The code of its currency (the platform's base currency while it has none). */
  currency: string;
  currencyMinorUnits: number;
  timeZone: string;
  /** Its current day in its time zone, `YYYY-MM-DD`. */
  today: string;
  serving: ServingFacts['advertiser'];
  /** What its bids carry of it. */
  advertiser: DeliveryAdvertiserRow;
}

/**
 * The advertisers' facts, the bidder's and the panels' alike (whether a campaign serves): their
 * rows, ledger balances and regulations, a fixed number of queries however many advertisers.
 * Spendable funds are the balance plus the credit still available, or, when the agency pays its
 * campaigns, the balance the agency funded.
 */
export async function advertiserContexts(
  deps: DeliveryDeps,
  ids: number[],
  now: Date,
): Promise<Map<number, AdvertiserContext>> {
  const rows = await deliveryAdvertiserRows(deps.db, ids);
  if (!rows.length) return new Map();
  const orgs = { agencyIds: [], advertiserIds: rows.map((row) => row.id) };
  const balances = await balancesOf(deps.db, orgs);
  const accepted = await organisationsWithAcceptedRegulations(deps.db, orgs);
  const baseCurrency = String(await deps.settings.get(deps.db, configKeys.baseCurrency));
  return new Map(
    rows.map((row) => {
      const { balance, balanceAgency } = balances.advertisers.get(row.id) ?? { balance: 0, balanceAgency: 0 };
      const { availableCredit } = creditOf({
        balance,
        creditLimit: row.creditLimit,
        useCreditLimit: row.useCreditLimit,
      });
      const currencyMinorUnits = row.currency?.minorUnits ?? 2;
      const context: AdvertiserContext = {
        id: row.id,
        currency: row.currency?.code ?? baseCurrency,
        currencyMinorUnits,
        timeZone: row.timeZone,
        today: localTime(now, row.timeZone).day,
        serving: {
          timeZone: row.timeZone,
          statusVerification: row.statusVerification,
          billingComplete: billingStateOf('advertiser', {
            ...row,
            country: row.countryId,
            currency: row.currencyId,
          }).billingComplete,
          regulationAccepted: accepted.advertiserIds.has(row.id),
          fundsAvailable: row.agencyPaidCampaigns ? balanceAgency : Math.max(0, balance) + availableCredit,
          currencyMinorUnits,
        },
        advertiser: row,
      };
      return [row.id, context];
    }),
  );
}
