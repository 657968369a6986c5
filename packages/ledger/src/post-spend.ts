import type { Database } from '@rtb/db';
import { NoCurrencyError, organisationAccount, platformAccount } from './accounts';
import { minorUnitsOf } from './currency-minor-units';
import { type Posting, postEntries } from './post';
import { accrueSpend, insertTransaction, type LedgerAccount, releaseSpend } from './repository';
import { floorOf, spenderOf } from './spender';

/**
 * One batch of an advertiser's spend, as the trackers report it: micro-units (1e-6) of the
 * advertiser's currency. The advertiser pays their sum (the gross): the media (what the exchanges
 * charged), the platform's margin and its agency's commission.
 */
export interface SpendBatch {
  advertiserId: number;
  mediaMicros: number;
  marginMicros: number;
  commissionMicros: number;
  /** The batch's own id (e.g. a group commit and advertiser): a batch is counted once, however often it is sent. */
  reference: string;
  campaignId?: number;
}

export interface SpendOutcome {
  /** False when this batch was posted before. */
  counted: boolean;
  /** Minor units debited now (gross), and what each part was credited of them. */
  charged: number;
  credited: { media: number; margin: number; commission: number };
  /** Accrued gross micro-units still waiting: below a minor unit per part, or not covered by balance and credit. */
  unpostedMicros: number;
}

const nothingCredited = { media: 0, margin: 0, commission: 0 };

/**
 * Posts campaign spend (DESIGN.md section 6): each part's micro-units are added to what the
 * spending account has accrued of it, and whole minor units of each part are debited as far as
 * balance and credit cover them (media first, then commission, then margin), credited to the
 * platform's media account, the agency's commission account and the platform's revenue. Each
 * part's remainder is carried to the next batch, so no micro-unit is lost and the balance never
 * goes below minus the credit limit. The spending account is the agency balance when the agency
 * pays the campaigns, else the advertiser's own (with its credit limit). Runs in the caller's
 * transaction.
 */
export async function postSpend(db: Database, batch: SpendBatch): Promise<SpendOutcome> {
  const { mediaMicros, marginMicros, commissionMicros } = batch;
  const gross = mediaMicros + marginMicros + commissionMicros;
  for (const micros of [mediaMicros, marginMicros, commissionMicros, gross])
    if (!Number.isSafeInteger(micros) || micros < 0)
      throw new Error(`Spend must be a whole number of micro-units, not ${micros}.`);
  const org = await spenderOf(db, batch.advertiserId);
  const account = await organisationAccount(
    db,
    { advertiserId: batch.advertiserId },
    org.agencyPaidCampaigns ? 'agency_balance' : 'balance',
  );
  // The batch's transaction first: a batch seen before (or by a concurrent call) stops here.
  const transactionId = await insertTransaction(db, {
    type: 'spend',
    advertiserId: batch.advertiserId,
    currencyId: account.currencyId,
    reason: null,
    externalRef: `spend:${batch.reference}`,
    details: {
      mediaMicros,
      marginMicros,
      commissionMicros,
      ...(batch.campaignId ? { campaignId: batch.campaignId } : {}),
    },
  });
  if (transactionId === null)
    return { counted: false, charged: 0, credited: nothingCredited, unpostedMicros: 0 };

  const minorUnits = (await minorUnitsOf(db, [account.currencyId])).get(account.currencyId);
  const microsPerMinorUnit = 10 ** (6 - (minorUnits ?? 2));
  const { balance, unposted } = await accrueSpend(db, account.id, {
    gross,
    margin: marginMicros,
    commission: commissionMicros,
  });
  const minBalance = account.purpose === 'balance' ? floorOf(org) : 0;
  let room = Math.max(0, balance - minBalance);
  const take = (micros: number) => {
    const minor = Math.min(Math.floor(micros / microsPerMinorUnit), room);
    room -= minor;
    return minor;
  };
  const media = take(unposted.gross - unposted.margin - unposted.commission);
  const commission = take(unposted.commission);
  const margin = take(unposted.margin);
  const charge = media + commission + margin;
  if (charge > 0) {
    const credits = new Map<number, { account: LedgerAccount; amount: number }>();
    const credit = (to: LedgerAccount, amount: number) => {
      const posting = credits.get(to.id) ?? { account: to, amount: 0 };
      credits.set(to.id, { ...posting, amount: posting.amount + amount });
    };
    const revenue = await platformAccount(db, 'platform_revenue', account.currencyId);
    if (media) credit(await platformAccount(db, 'platform_media', account.currencyId), media);
    if (margin) credit(revenue, margin);
    if (commission)
      credit((await commissionAccount(db, org.agencyId, account.currencyId)) ?? revenue, commission);
    const postings: Posting[] = [
      { account, amount: -charge, minBalance },
      ...[...credits.values()].map((c) => ({ ...c, minBalance: null })),
    ];
    await postEntries(db, transactionId, postings);
    await releaseSpend(db, account.id, {
      gross: charge * microsPerMinorUnit,
      margin: margin * microsPerMinorUnit,
      commission: commission * microsPerMinorUnit,
    });
  }
  return {
    counted: true,
    charged: charge,
    credited: { media, margin, commission },
    unpostedMicros: unposted.gross - charge * microsPerMinorUnit,
  };
}

/**
 * The agency's commission account, in the currency of the spend. An advertiser without an agency,
 * or whose agency keeps another currency, has no one to pay a commission to: the platform keeps
 * it (null), so the advertiser is charged what its bids promised and the books still balance.
 */
async function commissionAccount(
  db: Database,
  agencyId: number | null,
  currencyId: number,
): Promise<LedgerAccount | null> {
  if (agencyId === null) return null;
  try {
    const account = await organisationAccount(db, { agencyId }, 'commission');
    return account.currencyId === currencyId ? account : null;
  } catch (error) {
    if (error instanceof NoCurrencyError) return null;
    throw error;
  }
}
