import type { LedgerOwner } from '@rtb/ledger';
import type { BalanceDayDto, BalanceHistoryDto, BalanceHistoryQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { closingBalances } from './balance-history-repository';
import { organisationMoney } from './organisation-money';

const DAY_MS = 86_400_000;
const utcDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * The balance trend of the payments page: the closing balance of each of the last `days` UTC
 * days (today included); a day without movements keeps the day before's balance. An advertiser's
 * agency-funded balance and an agency's commission have their own line.
 */
export async function balanceHistory(
  deps: AppDeps,
  owner: LedgerOwner,
  query: BalanceHistoryQuery,
): Promise<BalanceHistoryDto> {
  const org = await organisationMoney(deps, owner);
  const first = Date.parse(utcDay(Date.now())) - (query.days - 1) * DAY_MS;
  const rows = await closingBalances(deps.db, owner, utcDay(first));
  const closing = new Map(rows.map((row) => [`${row.purpose}:${row.day ?? 'opening'}`, row.balance]));
  let balance = closing.get('balance:opening') ?? 0;
  let balanceAgency = closing.get('agency_balance:opening') ?? 0;
  let commission = closing.get('commission:opening') ?? 0;
  const days: BalanceDayDto[] = [];
  for (let index = 0; index < query.days; index++) {
    const date = utcDay(first + index * DAY_MS);
    balance = closing.get(`balance:${date}`) ?? balance;
    balanceAgency = closing.get(`agency_balance:${date}`) ?? balanceAgency;
    commission = closing.get(`commission:${date}`) ?? commission;
    days.push({
      date,
      balance,
      balanceAgency: org.kind === 'advertiser' ? balanceAgency : null,
      commission: org.kind === 'agency' ? commission : null,
    });
  }
  return { currency: org.currency, moved: rows.some((row) => row.day !== null), days };
}
