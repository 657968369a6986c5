import { findOrganisationAccount, type LedgerOwner } from '@rtb/ledger';
import {
  configKeys,
  type OrganisationAccountPurpose,
  type StatementDto,
  type StatementLineDto,
  statementMessages,
  toApiDateTime,
} from '@rtb/shared';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { findAdvertiser, findAgency } from '../../organisations';
import { campaignNamer } from '../payments/campaign-names';
import { linesWithin, type PaymentRow } from '../payments/payments-repository';
import { buildAccountStatement } from './build-statement';
import { balancesBefore, monthWindow, readOneSnapshot } from './repository';

/** The accounts a statement covers, in its order: an advertiser's or an agency's own. */
const purposesOf = (owner: LedgerOwner): OrganisationAccountPurpose[] =>
  'agencyId' in owner ? ['balance', 'commission'] : ['balance', 'agency_balance'];

/** Whose statement: the organisation, and for an agency's request about a client, that agency. */
export interface StatementRequest {
  owner: LedgerOwner;
  month: string;
  /** An agency asking for one of its advertisers' statements: another agency's is not found. */
  agencyId?: number;
}

/** The organisation's name, currency and time zone (an agency's days: the platform's default zone). */
async function organisationOf(deps: AppDeps, request: StatementRequest) {
  const { owner } = request;
  if ('advertiserId' in owner) {
    const advertiser = await findAdvertiser(
      deps.db,
      owner.advertiserId,
      request.agencyId === undefined ? {} : { agencyId: request.agencyId },
    );
    if (!advertiser) throw notFound();
    return {
      kind: 'advertiser' as const,
      organisation: { id: advertiser.id, name: advertiser.name },
      currency: advertiser.currency,
      timeZone: advertiser.timeZone,
    };
  }
  const agency = await findAgency(deps.db, owner.agencyId);
  if (!agency) throw notFound();
  return {
    kind: 'agency' as const,
    organisation: { id: agency.id, name: agency.name },
    currency: agency.currency,
    timeZone: String(await deps.settings.get(deps.db, configKeys.defaultTimeZone)),
  };
}

/** A day of an instant in a time zone, `YYYY-MM-DD`. */
const dayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  });
  return (at: Date) => format.format(at);
};

/**
 * An organisation's statement of a month (`YYYY-MM`, in its time zone; the current month up to
 * now): each of its accounts' opening balance, its lines (a day's spend of a campaign summed
 * into one, as the payments list shows it) with the running balance, the totals per operation
 * and the closing balance. Everything is read from one snapshot of the ledger, and the closing
 * balance (opening plus lines) must equal the ledger's balance at the month's end: a statement
 * that does not add up is never given.
 */
export async function statementOf(
  deps: AppDeps,
  request: StatementRequest,
  now = new Date(),
): Promise<StatementDto> {
  return inTransaction(deps, async (tx) => {
    await readOneSnapshot(tx.db);
    const org = await organisationOf(tx, request);
    const window = await monthWindow(tx.db, request.month, org.timeZone, now);
    if (request.month > window.currentMonth) throw invalidField('month', statementMessages.futureMonth);
    const complete = request.month < window.currentMonth;

    const accounts: { id: number; purpose: OrganisationAccountPurpose }[] = [];
    for (const purpose of purposesOf(request.owner)) {
      const account = await findOrganisationAccount(tx.db, request.owner, purpose);
      if (account) accounts.push({ id: account.id, purpose });
    }
    const ids = accounts.map((account) => account.id);
    const [opening, ledgerClosing, rows] = [
      await balancesBefore(tx.db, ids, window.from),
      await balancesBefore(tx.db, ids, window.to),
      await linesWithin(tx.db, ids, window.from, window.to),
    ];
    const campaignOf = await campaignNamer(tx, rows);
    const localDay = dayIn(org.timeZone);
    const lineOf = (row: PaymentRow): Omit<StatementLineDto, 'balance'> => ({
      id: row.id,
      at: toApiDateTime(row.createdAt),
      day: row.day ?? localDay(row.createdAt),
      type: row.type,
      postings: Number(row.postings),
      advertiser: row.spender,
      campaign: campaignOf(row),
      counterparty: row.type === 'transfer' ? (row.counterAgency ?? row.counterAdvertiser) : null,
      reason: row.reason,
      invoice: row.invoice ? { id: row.invoice.id, number: row.invoice.number } : null,
      amount: Number(row.amount),
    });

    return {
      kind: org.kind,
      organisation: org.organisation,
      month: request.month,
      from: `${request.month}-01`,
      to: complete ? window.lastDay : window.today,
      complete,
      timeZone: org.timeZone,
      madeAt: toApiDateTime(now),
      currency: org.currency,
      accounts: accounts.map((account) => {
        const statement = buildAccountStatement(
          opening.get(account.id) ?? 0,
          rows.filter((row) => row.account === account.purpose).map(lineOf),
        );
        const held = ledgerClosing.get(account.id) ?? 0;
        if (statement.closing !== held)
          throw new Error(
            `The statement of ledger account ${account.id} for ${request.month} closes at ${statement.closing}, the ledger at ${held}.`,
          );
        return { account: account.purpose, ...statement };
      }),
    };
  });
}
