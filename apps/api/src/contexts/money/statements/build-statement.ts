import type { LedgerTransactionType, StatementTotalDto } from '@rtb/shared';

/** A line as the ledger gives it: what kind of operation and how much (minor units, signed). */
export interface LineOfAccount {
  type: LedgerTransactionType;
  amount: number;
}

export interface AccountStatement<L extends LineOfAccount> {
  opening: number;
  /** The lines in order, each with the running balance after it. */
  lines: (L & { balance: number })[];
  /** Sums of the positive lines (money in) and of the negative ones (money out). */
  credits: number;
  debits: number;
  /** Per operation type, in the order types first appear. */
  totals: StatementTotalDto[];
  closing: number;
}

const assertMinorUnits = (value: number, what: string) => {
  if (!Number.isSafeInteger(value)) throw new RangeError(`${what} must be whole minor units, not ${value}.`);
};

/**
 * One account's statement from its opening balance and its lines in order: the running
 * balance after each line, the money in and out, the totals per operation type and the
 * closing balance (opening plus every line). Whole minor units only, so every sum is exact.
 */
export function buildAccountStatement<L extends LineOfAccount>(
  opening: number,
  lines: readonly L[],
): AccountStatement<L> {
  assertMinorUnits(opening, 'The opening balance');
  let balance = opening;
  let credits = 0;
  let debits = 0;
  const totals = new Map<LedgerTransactionType, StatementTotalDto>();
  const withBalances = lines.map((line) => {
    assertMinorUnits(line.amount, 'A line');
    balance += line.amount;
    if (line.amount > 0) credits += line.amount;
    else debits += line.amount;
    const total = totals.get(line.type) ?? { type: line.type, lines: 0, amount: 0 };
    totals.set(line.type, { ...total, lines: total.lines + 1, amount: total.amount + line.amount });
    return { ...line, balance };
  });
  assertMinorUnits(balance, 'The closing balance');
  return { opening, lines: withBalances, credits, debits, totals: [...totals.values()], closing: balance };
}
