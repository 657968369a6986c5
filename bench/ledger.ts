/**
 * Ledger postings per second on PostgreSQL: 8 concurrent clients each posting single-entry
 * debits (one organisation account debited, the platform's revenue account credited, the
 * balance checked against the floor in the same statement, the double-entry check at commit),
 * all on one advertiser account, against the same 8 clients running a plain
 * `UPDATE bench_counter SET n = n + 1` on one row. Both are one transaction per operation, so
 * both wait for the same row lock and a WAL flush each; the ratio is what the ledger's extra
 * work costs. A third case spreads the debits over 8 accounts (one per client), where nothing
 * is shared but the counter account's inserts.
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:ledger
 *
 * A temporary database is created on that server and dropped at the end. BENCH_SECONDS
 * (default 5) is each measured run, after a 1 s warm-up; BENCH_CLIENTS (default 8) the
 * concurrent clients. The cases alternate over 2 rounds.
 */
import { performance } from 'node:perf_hooks';
import { advertisers, type Database, ledgerEntries } from '@rtb/db';
import { createTestDatabase } from '@rtb/db/testing';
import {
  insertTransaction,
  type LedgerAccount,
  organisationAccount,
  type Posting,
  platformAccount,
  postEntries,
} from '@rtb/ledger';
import { count, sql } from 'drizzle-orm';
import { forceExit, positiveInt, printTable } from './print-table';

const ROUNDS = 2;
/** The rows of a raw query (the pg and PGlite drivers both answer `{ rows }`). */
const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const WARMUP_SECONDS = 1;

const seconds = positiveInt('BENCH_SECONDS', 5);
const clients = positiveInt('BENCH_CLIENTS', 8);

/** Runs `operation(client)` in a loop on every client for `duration` s; operations per second. */
async function throughput(duration: number, operation: (client: number) => Promise<void>): Promise<number> {
  let done = 0;
  const until = performance.now() + duration * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async (_, client) => {
      while (performance.now() < until) {
        await operation(client);
        done++;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

/** One debit of 1 minor unit from `account`, credited to the platform's revenue, as its own transaction. */
function debit(db: Database, account: LedgerAccount, revenue: LedgerAccount, currencyId: number) {
  const postings: Posting[] = [
    { account, amount: -1, minBalance: 0 },
    { account: revenue, amount: 1, minBalance: null },
  ];
  return db.transaction(async (tx) => {
    const id = await insertTransaction(tx, { type: 'spend', currencyId, reason: null });
    await postEntries(tx, id as number, postings);
  });
}

async function main(): Promise<void> {
  if (!process.env.DATABASE_URL) throw new Error('bench/ledger runs on PostgreSQL: set DATABASE_URL.');
  const database = await createTestDatabase();
  const { db } = database;
  try {
    const [pln] = rowsOf<{ id: string }>(await db.execute(sql`select id from currencies where code = 'PLN'`));
    const currencyId = Number(pln?.id);
    const shops = await db
      .insert(advertisers)
      .values(
        Array.from({ length: clients }, (_, i) => ({
          name: `Bench Shop ${i}`,
          code: `BENCH-${i}`,
          currencyId,
        })),
      )
      .returning({ id: advertisers.id });
    // Every account starts with more than the run can spend: no debit is refused.
    const accounts = await db.transaction(async (tx) => {
      const funding = await platformAccount(tx, 'platform_funding', currencyId);
      const list: LedgerAccount[] = [];
      for (const shop of shops) {
        const account = await organisationAccount(tx, { advertiserId: shop.id }, 'balance');
        const id = await insertTransaction(tx, {
          type: 'manual_top_up',
          advertiserId: shop.id,
          currencyId,
          reason: 'Bench',
        });
        await postEntries(tx, id as number, [
          { account, amount: 1_000_000_000, minBalance: null },
          { account: funding, amount: -1_000_000_000, minBalance: null },
        ]);
        list.push(account);
      }
      return list;
    });
    const revenue = await db.transaction((tx) => platformAccount(tx, 'platform_revenue', currencyId));
    await db.execute(sql`create table bench_counter (id int primary key, n bigint not null)`);
    await db.execute(sql`insert into bench_counter values (1, 0)`);

    const hot = accounts[0] as LedgerAccount;
    const cases: [string, (client: number) => Promise<void>][] = [
      [
        'UPDATE n = n + 1, one row (baseline)',
        async () => {
          await db.execute(sql`update bench_counter set n = n + 1 where id = 1`);
        },
      ],
      ['ledger debit, one account', () => debit(db, hot, revenue, currencyId)],
      [
        `ledger debit, ${clients} accounts`,
        (client) => debit(db, accounts[client] as LedgerAccount, revenue, currencyId),
      ],
    ];
    console.log(
      `ledger: PostgreSQL; ${clients} concurrent clients, ${WARMUP_SECONDS} s warm-up + ${seconds} s per run, ${ROUNDS} rounds`,
    );
    const totals = new Map<string, number[]>();
    const rows: string[][] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      for (const [label, operation] of round % 2 ? cases : [...cases].reverse()) {
        await throughput(WARMUP_SECONDS, operation);
        const perSecond = await throughput(seconds, operation);
        totals.set(label, [...(totals.get(label) ?? []), perSecond]);
        rows.push([String(round), label, Math.round(perSecond).toLocaleString('en-US')]);
      }
    }
    const mean = (label: string) => {
      const runs = totals.get(label) ?? [];
      return runs.reduce((a, b) => a + b, 0) / runs.length;
    };
    for (const [label] of cases) rows.push(['mean', label, Math.round(mean(label)).toLocaleString('en-US')]);
    printTable(['round', 'case', 'per second'], rows, 2);

    // The ledger still adds up after the run.
    const [drift] = rowsOf<{ n: number }>(
      await db.execute(sql`
        select count(*)::int as n from ledger_accounts a
        where a.balance is not null
          and a.balance <> (select coalesce(sum(amount), 0) from ledger_entries e where e.ledger_account_id = a.id)`),
    );
    const [entries] = await db.select({ n: count() }).from(ledgerEntries);
    const baseline = mean(cases[0]?.[0] as string);
    const ledger = mean(cases[1]?.[0] as string);
    console.log(
      `ledger: single-entry debits on one account = ${(ledger / baseline).toFixed(2)}x of UPDATE n = n + 1 on one row (${Math.round(ledger).toLocaleString('en-US')} vs ${Math.round(baseline).toLocaleString('en-US')} per second); ${(entries?.n ?? 0).toLocaleString('en-US')} entries, ${drift?.n ?? '?'} accounts off their entries`,
    );
  } finally {
    await database.close();
  }
}

main().then(forceExit, (error: unknown) => {
  console.error(error);
  process.exitCode = 1;
  forceExit();
});
