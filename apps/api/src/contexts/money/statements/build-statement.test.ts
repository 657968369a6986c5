import type { LedgerTransactionType, StatementDto } from '@rtb/shared';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildAccountStatement } from './build-statement';
import { statementCsv } from './statement-csv';
import { renderStatementPdf } from './statement-pdf';

const line = (type: LedgerTransactionType, amount: number) => ({ type, amount });

describe('buildAccountStatement', () => {
  it('runs the balance line by line and sums money in, out and each operation', () => {
    const statement = buildAccountStatement(1_000, [
      line('manual_top_up', 500),
      line('spend', -1),
      line('transfer', 300),
      line('spend', -2),
      line('transfer', -250),
    ]);
    expect(statement.lines.map((l) => l.balance)).toEqual([1_500, 1_499, 1_799, 1_797, 1_547]);
    expect(statement).toMatchObject({
      opening: 1_000,
      credits: 800,
      debits: -253,
      closing: 1_547,
      totals: [
        { type: 'manual_top_up', lines: 1, amount: 500 },
        { type: 'spend', lines: 2, amount: -3 },
        { type: 'transfer', lines: 2, amount: 50 },
      ],
    });
  });

  it('closes at the opening balance without lines', () => {
    expect(buildAccountStatement(-700, [])).toEqual({
      opening: -700,
      lines: [],
      credits: 0,
      debits: 0,
      totals: [],
      closing: -700,
    });
  });

  it('takes whole minor units only', () => {
    expect(() => buildAccountStatement(0, [line('spend', -0.01)])).toThrow(RangeError);
    expect(() => buildAccountStatement(0.5, [])).toThrow(RangeError);
  });

  it('always adds up: closing = opening + lines = opening + money in + money out = opening + totals', () => {
    const types = ['manual_top_up', 'spend', 'transfer', 'refund', 'correction'] as const;
    fc.assert(
      fc.property(
        fc.integer({ min: -1e9, max: 1e9 }),
        fc.array(
          fc.record({ type: fc.constantFrom(...types), amount: fc.integer({ min: -1e9, max: 1e9 }) }),
          { maxLength: 60 },
        ),
        (opening, lines) => {
          const s = buildAccountStatement(opening, lines);
          const sum = lines.reduce((total, l) => total + l.amount, 0);
          expect(s.closing).toBe(opening + sum);
          expect(s.credits + s.debits).toBe(sum);
          expect(s.totals.reduce((total, t) => total + t.amount, 0)).toBe(sum);
          expect(s.totals.reduce((total, t) => total + t.lines, 0)).toBe(lines.length);
          expect(s.lines.at(-1)?.balance ?? opening).toBe(s.closing);
        },
      ),
    );
  });
});

/** A statement of a busy month: a top-up and 31 days of 6 campaigns' spend. */
function busyStatement(): StatementDto {
  const lines = [
    { ...line('manual_top_up', 1_000_000), day: '2026-05-01', postings: 1, campaign: null },
    ...Array.from({ length: 31 * 6 }, (_, i) => ({
      ...line('spend', -(100 + i)),
      day: `2026-05-${String(Math.floor(i / 6) + 1).padStart(2, '0')}`,
      postings: 100 + i,
      campaign: { id: (i % 6) + 1, name: `Kampania żółta ${(i % 6) + 1}` },
    })),
  ].map((l, i) => ({
    ...l,
    id: i + 1,
    at: `${l.day} 10:00:00`,
    advertiser: null,
    counterparty: null,
    reason: null,
    invoice: l.type === 'manual_top_up' ? { id: 1, number: 'INV/2026/000001' } : null,
  }));
  return {
    kind: 'advertiser',
    organisation: { id: 4, name: 'Demo Shop' },
    month: '2026-05',
    from: '2026-05-01',
    to: '2026-05-31',
    complete: true,
    timeZone: 'Europe/Warsaw',
    madeAt: '2026-06-01 08:00:00',
    currency: { id: 1, code: 'PLN', isoCode: '985', symbol: 'zł' },
    accounts: [{ account: 'balance', ...buildAccountStatement(25_000, lines) }],
  };
}

describe('statement files', () => {
  it('CSV rows: the opening row, each line, the closing row; their amounts are closing minus opening', () => {
    const statement = busyStatement();
    const csv = statementCsv(statement, { locale: 'en', style: 'iso' }, 2);
    const rows = [...(csv.rows as Iterable<Record<string, unknown>>)];
    expect(rows).toHaveLength(1 + 187 + 1);
    expect(rows[0]).toMatchObject({ operation: 'Opening balance', amount: null, balance: 25_000 });
    expect(rows[1]).toMatchObject({ operation: 'Manual top-up', description: 'invoice INV/2026/000001' });
    expect(rows[2]).toMatchObject({
      operation: 'Campaign spend',
      description: 'Kampania żółta 1',
      postings: 100,
    });
    const account = statement.accounts[0];
    expect(rows.at(-1)).toMatchObject({ operation: 'Closing balance', balance: account?.closing });
    const sum = rows.reduce((total, row) => total + Number(row.amount ?? 0), 0);
    expect(sum).toBe((account?.closing ?? 0) - (account?.opening ?? 0));
  });

  it('PDF: a document of several pages when the lines need them', async () => {
    const pdf = await renderStatementPdf(busyStatement(), 'pl', 2);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const pages = pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? [];
    expect(pages.length).toBeGreaterThan(3);
  });
});
