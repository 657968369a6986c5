import { asc, sql } from 'drizzle-orm';
import { bigint, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyOf, insertRows } from './array-parameters';
import type { DatabaseHandle } from './client';
import { selectRows } from './select-rows';
import { createTestDatabase } from './testing';

const samples = pgTable('insert_rows_samples', {
  id: text('id').primaryKey(),
  kind: text('kind', { enum: ['a', 'b'] }),
  at: timestamp('at', { withTimezone: true }),
  amount: bigint('amount', { mode: 'number' }),
  keys: bigint('keys', { mode: 'number' }).array(),
  doc: jsonb('doc'),
  count: integer('count').notNull().default(7),
  made: timestamp('made', { withTimezone: true }).notNull().defaultNow(),
});

let database: DatabaseHandle;

beforeAll(async () => {
  database = await createTestDatabase();
  await database.db.execute(sql`
    create table insert_rows_samples (
      id text primary key, kind text, at timestamptz, amount bigint, keys bigint[], doc jsonb,
      count integer not null default 7, made timestamptz not null default now())`);
});
afterAll(() => database?.close());

const read = () => database.db.select().from(samples).orderBy(asc(samples.id));

describe('insertRows', () => {
  it('writes every type back as given, text that needs quoting and nulls included, in one statement', async () => {
    const rows = [
      {
        id: 'r1 "quoted", {braced}\\ and, comma',
        kind: 'a' as const,
        at: new Date('2026-11-29T18:00:00.123Z'),
        amount: 9_007_199_254_740_991,
        keys: [3, 1, 2],
        doc: { text: 'ünïcode "and" \\ {x}', list: [1, null] },
        count: 0,
      },
      { id: 'r2', kind: null, at: null, amount: null, keys: null, doc: null, count: 5 },
      { id: 'r3', kind: 'b' as const, at: new Date(0), amount: -1, keys: [], doc: [], count: 2 },
    ];
    const returned = await selectRows<{ id: string }>(
      database.db,
      sql`${insertRows(samples, rows)} returning id`,
    );
    expect(returned.map((row) => row.id)).toEqual(rows.map((row) => row.id));
    const stored = await read();
    expect(stored.map(({ made, ...row }) => row)).toEqual([...rows].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(stored.every((row) => row.made instanceof Date)).toBe(true);
  });

  it('ends as the caller says: a conflict skips the row, and the rows go in the order given', async () => {
    const rows = [{ id: 'z' }, { id: 'r2' }, { id: 'm' }];
    const returned = await selectRows<{ id: string }>(
      database.db,
      sql`${insertRows(samples, rows)} on conflict do nothing returning id`,
    );
    expect(returned.map((row) => row.id)).toEqual(['z', 'm']);
  });

  it("fills a column some rows leave out with its static default, one no row gives with the database's", async () => {
    await database.db.execute(sql`${insertRows(samples, [{ id: 'd1', count: 1 }, { id: 'd2' }])}`);
    const stored = (await read()).filter((row) => row.id.startsWith('d'));
    expect(stored.map((row) => row.count)).toEqual([1, 7]);
  });

  it('refuses a row that leaves out a column whose default only the database knows', () => {
    expect(() => insertRows(samples, [{ id: 'e1', made: new Date() }, { id: 'e2' }])).toThrow(/made/);
  });
});

describe('anyOf', () => {
  const ids = async (where: ReturnType<typeof anyOf>) =>
    (await database.db.select({ id: samples.id }).from(samples).where(where).orderBy(asc(samples.id))).map(
      (row) => row.id,
    );

  it('matches the values listed, text that needs quoting included, and nothing for an empty list', async () => {
    await database.db.execute(
      insertRows(samples, [
        { id: 'any "1", {x}', amount: 10 },
        { id: 'any 2', amount: 20 },
        { id: 'any 3', amount: 30 },
      ]),
    );
    expect(await ids(anyOf(samples.id, ['any "1", {x}', 'any 3', 'absent']))).toEqual([
      'any "1", {x}',
      'any 3',
    ]);
    expect(await ids(anyOf(samples.amount, [20, 30]))).toEqual(['any 2', 'any 3']);
    expect(await ids(anyOf(samples.id, []))).toEqual([]);
  });
});
