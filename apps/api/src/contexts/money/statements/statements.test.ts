import { campaigns, ledgerAccounts, ledgerEntries, ledgerTransactions } from '@rtb/db';
import { postSpend } from '@rtb/ledger';
import { parse } from 'csv-parse/sync';
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inTransaction } from '../../../core/deps';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectLedgerInvariants, moneyFixture } from '../payments/test-helpers';
import { statementOf } from './statement';

let t: TestApp;
let f: Awaited<ReturnType<typeof moneyFixture>>;
const ZONE = 'Europe/Warsaw';

/** `YYYY-MM` of the month `back` months before the current one in Warsaw. */
function monthBack(back: number): string {
  const [year, month] = new Intl.DateTimeFormat('en-CA', {
    timeZone: ZONE,
    year: 'numeric',
    month: '2-digit',
  })
    .format(new Date())
    .split('-')
    .map(Number);
  const index = (year ?? 0) * 12 + (month ?? 1) - 1 - back;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}
const LAST = monthBack(1);
const CURRENT = monthBack(0);

const campaign = async (advertiserId: number, name: string) => {
  const [row] = await t.database.db
    .insert(campaigns)
    .values({
      advertiserId,
      name,
      startDate: '2024-01-01',
      maxCpm: 500,
      dailyBudget: 10_000,
      status: 'active',
    })
    .returning({ id: campaigns.id });
  return row?.id as number;
};

/** Moves transactions' entries to a wall-clock time of Warsaw (the ledger is append-only: only a test may). */
async function backdate(transactionIds: number[], localTime: string) {
  const { db } = t.database;
  await db.execute(sql`alter table ledger_entries disable trigger ledger_entries_no_update_delete`);
  await db
    .update(ledgerEntries)
    .set({ createdAt: sql`${localTime}::timestamp at time zone ${ZONE}` })
    .where(inArray(ledgerEntries.transactionId, transactionIds));
  await db.execute(sql`alter table ledger_entries enable trigger ledger_entries_no_update_delete`);
}

let batches = 0;
/**
 * `count` batches of the shop's spend on a campaign, each 0.01 of media and 0.01 of its agency's
 * commission (the shop pays 0.02, the agency earns 0.01): their transaction ids.
 */
async function spendCents(campaignId: number, count: number): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const reference = `statement-${++batches}`;
    await inTransaction(t.deps, (tx) =>
      postSpend(tx.db, {
        advertiserId: f.shopId,
        mediaMicros: 10_000,
        marginMicros: 0,
        commissionMicros: 10_000,
        reference,
        campaignId,
      }),
    );
    const [row] = await t.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.externalRef, `spend:${reference}`));
    ids.push(row?.id as number);
  }
  return ids;
}

const topUp = async (amount: number, reason: string) => {
  const res = await f.send('POST', `/api/admin/advertisers/${f.shopId}/top-ups`, f.admin, {
    type: 'manual_top_up',
    amount,
    reason,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.payment.transactionId as number;
};

/** The ledger's own balance of an account: the sum of its entries made before the instant (the time of Warsaw). */
async function ledgerBalance(accountId: number, beforeLocal?: string): Promise<number> {
  const [row] = await t.database.db
    .select({ sum: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.ledgerAccountId, accountId),
        beforeLocal
          ? sql`${ledgerEntries.createdAt} < ${beforeLocal}::timestamp at time zone ${ZONE}`
          : undefined,
      ),
    );
  return Number(row?.sum);
}

const accountId = async (owner: 'shop' | 'agency', purpose: 'balance' | 'commission') => {
  const [row] = await t.database.db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      owner === 'shop'
        ? and(eq(ledgerAccounts.advertiserId, f.shopId), eq(ledgerAccounts.purpose, purpose))
        : and(
            eq(ledgerAccounts.agencyId, f.agencyId),
            isNull(ledgerAccounts.advertiserId),
            eq(ledgerAccounts.purpose, purpose),
          ),
    );
  return row?.id as number;
};

let sale: number;
let teaser: number;
const nextMonthStart = (month: string) => {
  const [year, number] = month.split('-').map(Number);
  const index = (year ?? 0) * 12 + (number ?? 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}-01 00:00`;
};

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  f = await moneyFixture(t);
  sale = await campaign(f.shopId, 'Winter sale');
  teaser = await campaign(f.shopId, 'Teaser, with a comma');
  // In the order they happen (the ledger appends): a top-up two months back, one on the last
  // month's first day, then the last month's spend on its 10th and 11th (the sale's at 23:30
  // and 00:30 of Warsaw: one UTC day, two days of the advertiser), then today's.
  await backdate([await topUp(50_000, 'Opening funds')], `${monthBack(2)}-15 09:00`);
  await backdate([await topUp(100_000, 'Monthly funds')], `${LAST}-01 08:00`);
  await backdate(await spendCents(teaser, 20), `${LAST}-10 12:00`);
  await backdate(await spendCents(sale, 30), `${LAST}-10 23:30`);
  await backdate(await spendCents(sale, 25), `${LAST}-11 00:30`);
  await backdate(await spendCents(teaser, 15), `${LAST}-11 12:00`);
  await spendCents(sale, 5);
}, 120_000);
afterAll(() => t.close());

type Line = {
  type: string;
  amount: number;
  balance: number;
  postings: number;
  day: string;
  campaign: unknown;
};
type Account = {
  account: string;
  opening: number;
  closing: number;
  credits: number;
  debits: number;
  totals: unknown[];
  lines: Line[];
};
const statement = async (url: string, token: string) => (await f.get(url, token)).statement;

describe('the payments list', () => {
  it("shows spend as one line per campaign and the advertiser's day, its postings summed", async () => {
    const { payments } = await f.get('/api/advertiser/payments?type=spend&perPage=3', f.shop);
    expect(payments.meta).toMatchObject({ total: 5 });
    expect(payments.elements).toHaveLength(3);
    const all = (await f.get('/api/advertiser/payments?type=spend', f.shop)).payments.elements;
    expect(
      all.map((p: { amount: number; postings: number; day: string; campaign: { name: string } }) => [
        p.campaign.name,
        p.day,
        p.postings,
        p.amount,
      ]),
    ).toEqual([
      ['Winter sale', expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), 5, -10],
      ['Teaser, with a comma', `${LAST}-11`, 15, -30],
      ['Winter sale', `${LAST}-11`, 25, -50],
      ['Winter sale', `${LAST}-10`, 30, -60],
      ['Teaser, with a comma', `${LAST}-10`, 20, -40],
    ]);
    // The day's spend line: the balance before its first posting and after its last.
    expect(all[4]).toMatchObject({ balanceBefore: 150_000, balanceAfter: 149_960 });
    expect(all[1]).toMatchObject({ balanceAfter: 149_820 });

    // Top-ups stay lines of their own; every line counts towards the pages.
    const { payments: everything } = await f.get('/api/advertiser/payments?perPage=2', f.shop);
    expect(everything.meta.total).toBe(7);

    // The agency's commission: one line per client, campaign and day, naming the client.
    const { payments: agency } = await f.get('/api/agency/payments', f.agency);
    expect(agency.meta.total).toBe(5);
    expect(agency.elements[3]).toMatchObject({
      type: 'spend',
      account: 'commission',
      counterparty: { id: f.shopId, name: 'Demo Shop' },
      campaign: { id: sale, name: 'Winter sale' },
      day: `${LAST}-10`,
      postings: 30,
      amount: 30,
    });
    await expectLedgerInvariants(t.database.db);
  });
});

describe('GET /api/{panel}/statements/:month', () => {
  it("adds up to the ledger: opening, the month's lines with a running balance, totals, closing", async () => {
    const { accounts, ...head } = await statement(`/api/advertiser/statements/${LAST}`, f.shop);
    expect(head).toMatchObject({
      kind: 'advertiser',
      organisation: { id: f.shopId, name: 'Demo Shop' },
      month: LAST,
      from: `${LAST}-01`,
      complete: true,
      timeZone: ZONE,
      currency: { code: 'PLN' },
    });
    expect(head.to).toMatch(new RegExp(`^${LAST}-(28|29|30|31)$`));
    expect(accounts).toHaveLength(1);
    const [own] = accounts as Account[];
    const shopAccount = await accountId('shop', 'balance');
    expect(own).toMatchObject({
      account: 'balance',
      opening: await ledgerBalance(shopAccount, `${LAST}-01 00:00`),
      closing: await ledgerBalance(shopAccount, nextMonthStart(LAST)),
    });
    expect(own?.opening).toBe(50_000);
    expect(own?.closing).toBe(149_820);
    expect(own?.lines.map((l) => [l.type, l.postings, l.amount, l.balance, l.day])).toEqual([
      ['manual_top_up', 1, 100_000, 150_000, `${LAST}-01`],
      ['spend', 20, -40, 149_960, `${LAST}-10`],
      ['spend', 30, -60, 149_900, `${LAST}-10`],
      ['spend', 25, -50, 149_850, `${LAST}-11`],
      ['spend', 15, -30, 149_820, `${LAST}-11`],
    ]);
    expect(own?.lines[2]?.campaign).toEqual({ id: sale, name: 'Winter sale' });
    expect(own).toMatchObject({
      credits: 100_000,
      debits: -180,
      totals: [
        { type: 'manual_top_up', lines: 1, amount: 100_000 },
        { type: 'spend', lines: 4, amount: -180 },
      ],
    });

    // This month, to date: it opens where the last one closed and closes at today's balance.
    const current = await statement(`/api/advertiser/statements/${CURRENT}`, f.shop);
    expect(current).toMatchObject({ complete: false, month: CURRENT });
    expect(current.accounts[0]).toMatchObject({
      opening: 149_820,
      closing: await ledgerBalance(shopAccount),
      totals: [{ type: 'spend', lines: 1, amount: -10 }],
    });
  });

  it("gives an agency its commission per client, campaign and day, and its advertiser's statement", async () => {
    const own = await statement(`/api/agency/statements/${LAST}`, f.agency);
    expect(own).toMatchObject({ kind: 'agency', organisation: { id: f.agencyId }, timeZone: ZONE });
    const commission = (own.accounts as Account[]).find((a) => a.account === 'commission');
    expect(commission).toMatchObject({
      opening: 0,
      closing: await ledgerBalance(await accountId('agency', 'commission'), nextMonthStart(LAST)),
      totals: [{ type: 'spend', lines: 4, amount: 90 }],
    });
    expect(commission?.closing).toBe(90);
    expect(commission?.lines[1]).toMatchObject({
      advertiser: { id: f.shopId, name: 'Demo Shop' },
      campaign: { id: sale, name: 'Winter sale' },
      postings: 30,
      amount: 30,
      balance: 50,
    });

    const client = await statement(`/api/agency/advertisers/${f.shopId}/statements/${LAST}`, f.agency);
    const shop = await statement(`/api/advertiser/statements/${LAST}`, f.shop);
    expect({ ...client, madeAt: null }).toEqual({ ...shop, madeAt: null });
    const admin = await statement(`/api/admin/advertisers/${f.shopId}/statements/${LAST}`, f.admin);
    expect({ ...admin, madeAt: null }).toEqual({ ...shop, madeAt: null });
    const adminAgency = await statement(`/api/admin/agencies/${f.agencyId}/statements/${LAST}`, f.admin);
    expect({ ...adminAgency, madeAt: null }).toEqual({ ...own, madeAt: null });
  });

  it('is empty for a month without movements, and for an organisation that never had money', async () => {
    const before = await statement(`/api/advertiser/statements/${monthBack(6)}`, f.shop);
    expect(before.accounts).toEqual([
      expect.objectContaining({ opening: 0, closing: 0, lines: [], totals: [], credits: 0, debits: 0 }),
    ]);
    const solo = await statement(`/api/advertiser/statements/${LAST}`, f.solo);
    expect(solo).toMatchObject({ organisation: { name: 'Solo Store' }, accounts: [] });
  });

  it('is refused without a sign-in, to other panels and organisations, and for an unknown one', async () => {
    const call = (url: string, token?: string) => t.call({ method: 'GET', url, token });
    expect((await call(`/api/advertiser/statements/${LAST}`)).status).toBe(401);
    expect((await call(`/api/advertiser/statements/${LAST}/download?format=pdf`)).status).toBe(401);
    expect((await call(`/api/admin/advertisers/${f.shopId}/statements/${LAST}`, f.shop)).status).toBe(403);
    expect((await call(`/api/agency/statements/${LAST}`, f.shop)).status).toBe(403);
    // Solo Store is no client of the demo agency.
    expect((await call(`/api/agency/advertisers/${f.soloId}/statements/${LAST}`, f.agency)).status).toBe(404);
    expect(
      (await call(`/api/agency/advertisers/${f.soloId}/statements/${LAST}/download?format=csv`, f.agency))
        .status,
    ).toBe(404);
    expect((await call(`/api/admin/advertisers/987654/statements/${LAST}`, f.admin)).status).toBe(404);
    expect((await call(`/api/admin/agencies/987654/statements/${LAST}`, f.admin)).status).toBe(404);
    // An advertiser-id header does not make the agency's own statement a client's.
    const picked = await t.call({
      method: 'GET',
      url: `/api/agency/statements/${LAST}`,
      token: f.agency,
      headers: { 'advertiser-id': String(f.shopId) },
    });
    expect(picked.body.data.statement.organisation.id).toBe(f.agencyId);
  });

  it('answers 422 on the month field for a month that is no month, or is still to come', async () => {
    const nextYear = `${Number(CURRENT.slice(0, 4)) + 1}-01`;
    for (const [month, code] of [
      ['2024-13', 'statements.month_format'],
      ['2024-5', 'statements.month_format'],
      ['1999-12', 'statements.month_format'],
      ['may', 'statements.month_format'],
      [nextYear, 'statements.future_month'],
    ] as const) {
      for (const url of [
        `/api/advertiser/statements/${month}`,
        `/api/advertiser/statements/${month}/download?format=csv`,
      ]) {
        const res = await t.call({ method: 'GET', url, token: f.shop });
        expect(res.status, url).toBe(422);
        expect(res.body.issues?.month, url).toEqual([expect.objectContaining({ code })]);
      }
    }
    const noFormat = await t.call({
      method: 'GET',
      url: `/api/advertiser/statements/${LAST}/download?format=xls`,
      token: f.shop,
    });
    expect(noFormat.status).toBe(422);
  });
});

describe('a month in the time zone of its organisation', () => {
  it("begins at the organisation's midnight: before it, the month is still to come", async () => {
    const june = { owner: { advertiserId: f.shopId }, month: '2026-06' };
    // 21:30 UTC on 31 May is 23:30 in Warsaw: June has not begun there.
    await expect(statementOf(t.deps, june, new Date('2026-05-31T21:30:00Z'))).rejects.toMatchObject({
      statusCode: 422,
    });
    // 22:30 UTC is 00:30 on 1 June in Warsaw: June to date.
    expect(await statementOf(t.deps, june, new Date('2026-05-31T22:30:00Z'))).toMatchObject({
      month: '2026-06',
      from: '2026-06-01',
      to: '2026-06-01',
      complete: false,
      madeAt: '2026-05-31 22:30:00',
    });
  });
});

describe('statement files', () => {
  it('CSV: per account the opening row, the lines and the closing row; the amounts add up', async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/advertiser/statements/${LAST}/download?format=csv&style=iso`,
      token: f.shop,
    });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`statement-${LAST}-advertiser-${f.shopId}.csv`);
    const rows: Record<string, string>[] = parse(res.body, { columns: true });
    expect(rows.map((row) => row.Operation)).toEqual([
      'Opening balance',
      'Manual top-up',
      'Campaign spend',
      'Campaign spend',
      'Campaign spend',
      'Campaign spend',
      'Closing balance',
    ]);
    expect(rows[0]).toMatchObject({
      Account: 'Own balance',
      Date: `${LAST}-01`,
      Amount: '',
      Balance: '500.00',
    });
    expect(rows[2]).toMatchObject({ Description: 'Teaser, with a comma', Postings: '20', Amount: '-0.40' });
    expect(rows[6]).toMatchObject({ Balance: '1498.20' });
    const cents = (text: string | undefined) => Math.round(Number(text) * 100);
    const sum = rows.reduce((total, row) => total + (row.Amount ? cents(row.Amount) : 0), 0);
    expect(sum).toBe(cents(rows[6]?.Balance) - cents(rows[0]?.Balance));
  });

  it("CSV in Polish: the language's words, decimal comma, semicolons", async () => {
    const res = await t.call({
      method: 'GET',
      url: `/api/advertiser/statements/${LAST}/download?format=csv&locale=pl`,
      token: f.shop,
    });
    expect(res.status).toBe(200);
    const rows: Record<string, string>[] = parse(res.body, { columns: true, delimiter: ';', bom: true });
    expect(rows[0]).toMatchObject({
      Rachunek: 'Saldo własne',
      Operacja: 'Saldo początkowe',
      Saldo: '500,00',
    });
    expect(rows[3]).toMatchObject({
      Operacja: 'Wydatki kampanii',
      Kwota: '-0,60',
      Data: `10.${LAST.slice(5)}.${LAST.slice(0, 4)}`,
    });
  });

  it('PDF: a statement document, as a download; a download link opens it without the header', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/advertiser/statements/${LAST}/download?format=pdf&locale=pl`,
      headers: { authorization: `Bearer ${f.shop}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="statement-${LAST}-advertiser-${f.shopId}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(2_000);

    const path = `/api/agency/advertisers/${f.shopId}/statements/${LAST}/download?format=pdf`;
    const link = await t.call({
      method: 'POST',
      url: '/api/agency/download-links',
      token: f.agency,
      payload: { path },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const opened = await t.call({ method: 'GET', url: link.body.data.url });
    expect(opened.status).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
    // Another agency's advertiser: no link.
    const foreign = await t.call({
      method: 'POST',
      url: '/api/agency/download-links',
      token: f.agency,
      payload: { path: `/api/agency/advertisers/${f.soloId}/statements/${LAST}/download?format=pdf` },
    });
    expect(foreign.status).toBe(404);
  });
});
