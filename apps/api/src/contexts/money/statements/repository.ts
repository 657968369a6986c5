import { type Database, ledgerEntries, selectRows } from '@rtb/db';
import { and, inArray, lt, sql } from 'drizzle-orm';

/** Makes the rest of the transaction read one snapshot of the ledger (its first statement). */
export async function readOneSnapshot(db: Database): Promise<void> {
  await db.execute(sql`set transaction isolation level repeatable read, read only`);
}

export interface MonthWindow {
  /** The month's first instant and the next month's, in the time zone. */
  from: Date;
  to: Date;
  /** The month it is at `now` in the time zone (`YYYY-MM`), and the day (`YYYY-MM-DD`). */
  currentMonth: string;
  today: string;
  /** The month's last day (`YYYY-MM-DD`). */
  lastDay: string;
}

/** The bounds of a month (`YYYY-MM`) in an IANA time zone, and where `now` is in it. */
export async function monthWindow(
  db: Database,
  month: string,
  timeZone: string,
  now: Date,
): Promise<MonthWindow> {
  const start = sql`(${month} || '-01')::date`;
  const [row] = await selectRows<{
    from: string | Date;
    to: string | Date;
    currentMonth: string;
    today: string;
    lastDay: string;
  }>(
    db,
    sql`
    select ${start}::timestamp at time zone ${timeZone} as "from",
           (${start} + interval '1 month')::timestamp at time zone ${timeZone} as "to",
           to_char(${now}::timestamptz at time zone ${timeZone}, 'YYYY-MM') as "currentMonth",
           to_char(${now}::timestamptz at time zone ${timeZone}, 'YYYY-MM-DD') as "today",
           to_char(${start} + interval '1 month' - interval '1 day', 'YYYY-MM-DD') as "lastDay"`,
  );
  if (!row) throw new Error('The month window query answered nothing.');
  return {
    from: new Date(row.from),
    to: new Date(row.to),
    currentMonth: row.currentMonth,
    today: row.today,
    lastDay: row.lastDay,
  };
}

/**
 * Each account's balance at an instant: the sum of its entries made before it (the ledger's
 * definition of a balance), exact (numeric), by account id; 0 for an account without any.
 */
export async function balancesBefore(
  db: Database,
  accountIds: number[],
  at: Date,
): Promise<Map<number, number>> {
  const balances = new Map(accountIds.map((id) => [id, 0]));
  if (!accountIds.length) return balances;
  const rows = await db
    .select({ accountId: ledgerEntries.ledgerAccountId, sum: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .where(and(inArray(ledgerEntries.ledgerAccountId, accountIds), lt(ledgerEntries.createdAt, at)))
    .groupBy(ledgerEntries.ledgerAccountId);
  for (const row of rows) balances.set(row.accountId, Number(row.sum));
  return balances;
}
