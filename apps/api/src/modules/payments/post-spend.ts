import type { AppDeps } from '../../core/deps';
import { organisationAccount, platformAccount } from '../ledger/accounts';
import { postEntries } from '../ledger/post';
import { accrueSpend, insertTransaction, releaseSpend } from '../ledger/repository';
import { findCurrency } from '../reference/repository';
import { floorOf, organisationMoney } from './organisation-money';

/** One batch of an advertiser's spend, as the bidder reports it. */
export interface SpendBatch {
  advertiserId: number;
  /** Micro-units (1e-6) of the advertiser's currency: the clearing prices of the impressions. */
  micros: number;
  /** The batch's own id (e.g. campaign and minute): a batch is counted once, however often it is sent. */
  reference: string;
  campaignId?: number;
}

export interface SpendOutcome {
  /** False when this batch was posted before. */
  counted: boolean;
  /** Minor units debited now. */
  charged: number;
  /** Accrued micro-units still waiting: below a minor unit, or not covered by balance and credit. */
  unpostedMicros: number;
}

/**
 * Posts campaign spend (DESIGN.md section 6): the batch's micro-units are added to what the
 * spending account has accrued, and whole minor units are debited against the platform's
 * revenue as far as balance and credit cover them. The remainder is carried to the next
 * batch, so no fraction is lost and the balance never goes below minus the credit limit. The
 * spending account is the agency balance when the agency pays the campaigns, else the
 * advertiser's own (with its credit limit). Runs in the caller's transaction.
 */
export async function postSpend(deps: AppDeps, batch: SpendBatch): Promise<SpendOutcome> {
  if (!Number.isSafeInteger(batch.micros) || batch.micros < 0)
    throw new Error(`Spend must be a whole number of micro-units, not ${batch.micros}.`);
  const org = await organisationMoney(deps, { advertiserId: batch.advertiserId });
  const account = await organisationAccount(
    deps.db,
    org.owner,
    org.agencyPaidCampaigns ? 'agency_balance' : 'balance',
  );
  // The batch's transaction first: a batch seen before (or by a concurrent call) stops here.
  const transactionId = await insertTransaction(deps.db, {
    type: 'spend',
    advertiserId: batch.advertiserId,
    currencyId: account.currencyId,
    reason: null,
    externalRef: `spend:${batch.reference}`,
    details: { micros: batch.micros, ...(batch.campaignId ? { campaignId: batch.campaignId } : {}) },
  });
  if (transactionId === null) return { counted: false, charged: 0, unpostedMicros: 0 };

  const currency = await findCurrency(deps.db, account.currencyId);
  const microsPerMinorUnit = 10 ** (6 - (currency?.minorUnits ?? 2));
  const accrued = await accrueSpend(deps.db, account.id, batch.micros);
  const minBalance = account.purpose === 'balance' ? floorOf(org) : 0;
  const charge = Math.min(
    Math.floor(accrued.unpostedSpendMicros / microsPerMinorUnit),
    Math.max(0, accrued.balance - minBalance),
  );
  if (charge > 0) {
    const revenue = await platformAccount(deps.db, 'platform_revenue', account.currencyId);
    await postEntries(deps.db, transactionId, [
      { account, amount: -charge, minBalance },
      { account: revenue, amount: charge, minBalance: null },
    ]);
    await releaseSpend(deps.db, account.id, charge * microsPerMinorUnit);
  }
  return {
    counted: true,
    charged: charge,
    unpostedMicros: accrued.unpostedSpendMicros - charge * microsPerMinorUnit,
  };
}
