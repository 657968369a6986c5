import { existsSync } from 'node:fs';
import { readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { demoAccounts, generatedReports } from '@rtb/db';
import { addHourlyStats, type HourlyStatsDelta } from '@rtb/delivery';
import { dateMessages, messages, reportMessages } from '@rtb/shared';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workbookFrom } from '../../../core/exports/test-helpers';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectAdminOnly, expectReadOnly, signedInAdmin } from '../../../test/permissions';
import { organisationId } from '../../organisations/organisations/test-users';
import { leaseQueuedReport, releaseExpiredRuns } from './repository';
import { testReportWorker } from './test-helpers';
import { REPORT_MAX_ATTEMPTS } from './worker';

let t: TestApp;
let admin: string;
let ids: { shop: number; solo: number };
/** Every rollup delta written, to add up what each report must say. */
const deltas: HourlyStatsDelta[] = [];

const FROM = '2026-03-01';
const TO = '2026-03-03';
const days = ['2026-03-01', '2026-03-02', '2026-03-03'];

/** A small deterministic generator (the same rollups on every run). */
function generator(seed: number) {
  let state = seed;
  return (max: number) => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state % max;
  };
}

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  ids = {
    // PLN, under Demo Agency.
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    // EUR, direct.
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
  };
  const random = generator(42);
  const hours = [
    '2026-02-28T23:00:00Z', // the hour before the period
    ...days.flatMap((day) => ['00', '07', '13', '23'].map((h) => `${day}T${h}:00:00Z`)),
    '2026-03-04T00:00:00Z', // the hour after it
  ];
  for (const hour of hours)
    for (const advertiserId of [ids.shop, ids.solo])
      for (const domain of ['news.example', 'shop.example', '']) {
        const impressions = 50 + random(1000);
        const clicks = random(20);
        const spendMicros = impressions * 1_234 + random(999);
        deltas.push({
          hour: new Date(hour),
          advertiserId,
          campaignId: advertiserId * 10 + random(2),
          bannerId: advertiserId * 100,
          domain,
          country: 'PL',
          deviceType: 'desktop',
          bids: impressions * 3,
          wins: impressions,
          impressions,
          clicks,
          invalidImpressions: domain === 'news.example' ? random(30) : 0,
          invalidClicks: domain === 'news.example' ? random(3) : 0,
          spendMicros,
          clearingMicros: Math.floor(spendMicros * 0.7),
          marginMicros: Math.floor(spendMicros * 0.15),
          commissionMicros:
            advertiserId === ids.shop
              ? spendMicros - Math.floor(spendMicros * 0.7) - Math.floor(spendMicros * 0.15)
              : 0,
          clickConversions: random(3),
          viewConversions: random(2),
          conversionValueMinor: random(50_000),
        });
      }
  await addHourlyStats(t.database.db, deltas);
});
afterAll(() => t.close());

const inPeriod = (d: HourlyStatsDelta) =>
  d.hour >= new Date(`${FROM}T00:00:00Z`) && d.hour < new Date('2026-03-04T00:00:00Z');
const dayOf = (d: HourlyStatsDelta) => d.hour.toISOString().slice(0, 10);
const total = (rows: HourlyStatsDelta[], key: keyof HourlyStatsDelta) =>
  rows.reduce((sum, d) => sum + Number(d[key] ?? 0), 0);
/** Micro-units as the file writes them: rounded half up to 2 decimals. */
const money2 = (micros: number) => (Math.round(micros / 10_000) / 100).toFixed(2);

const create = (payload: Record<string, unknown>, token = admin) =>
  t.call({ method: 'POST', url: '/api/admin/reports', token, payload });
async function created(payload: Record<string, unknown>): Promise<number> {
  const res = await create(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.report.id;
}
const get = async (id: number) =>
  (await t.call({ method: 'GET', url: `/api/admin/reports/${id}`, token: admin })).body.data.report;
const download = (id: number, token = admin) =>
  t.app.inject({
    method: 'GET',
    url: `/api/admin/reports/${id}/download`,
    headers: { authorization: `Bearer ${token}` },
  });
const reportsFolder = () => join(t.deps.config.dataDir, 'reports');

describe('generated reports: access', () => {
  it('are the admins’ alone; a read-only admin lists and downloads but neither creates nor deletes', async () => {
    const id = await created({ type: 'revenue', from: FROM, to: TO, format: 'csv' });
    await testReportWorker(t).runOnce();
    const reads = [
      { method: 'GET' as const, url: '/api/admin/reports' },
      { method: 'GET' as const, url: `/api/admin/reports/${id}` },
      { method: 'GET' as const, url: `/api/admin/reports/${id}/download` },
    ];
    const writes = [
      {
        method: 'POST' as const,
        url: '/api/admin/reports',
        payload: { type: 'revenue', from: FROM, to: TO, format: 'csv' },
      },
      { method: 'DELETE' as const, url: `/api/admin/reports/${id}` },
    ];
    await expectAdminOnly(t, { reads, writes });
    const { token: viewer } = await signedInAdmin(t, admin, 'rita@example.com', 'viewer');
    await expectReadOnly(t, viewer, { reads, writes });
    expect((await get(id)).status).toBe('done');
    for (const route of reads) expect((await t.call(route)).status).toBe(401);
  });

  it('refuse a bad request with field errors', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ type: 'everything', from: FROM, to: TO, format: 'csv' }, 'type', ''],
      [{ type: 'revenue', from: FROM, to: TO, format: 'pdf' }, 'format', ''],
      [{ type: 'revenue', from: '2026-02-30', to: TO, format: 'csv' }, 'from', dateMessages.realDate],
      [{ type: 'revenue', from: TO, to: FROM, format: 'csv' }, 'to', dateMessages.endBeforeStart],
      [{ type: 'revenue', from: '2025-01-01', to: TO, format: 'csv' }, 'from', reportMessages.rangeTooLong],
      [{ type: 'revenue', from: FROM, to: TO, format: 'csv', locale: 'de' }, 'locale', ''],
      [{ type: 'revenue', from: FROM, format: 'csv' }, 'to', ''],
    ];
    const before = await t.database.db.$count(generatedReports);
    for (const [payload, field, message] of cases) {
      const res = await create(payload);
      expect(res.status, JSON.stringify(payload)).toBe(422);
      expect(res.body.message).toBe(messages.validation);
      expect(Object.keys(res.body.errors)).toEqual([field]);
      if (message) expect(res.body.errors[field]).toEqual([message]);
    }
    expect(await t.database.db.$count(generatedReports)).toBe(before);
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/reports?status=lost', token: admin })).status,
    ).toBe(422);
    expect((await t.call({ method: 'GET', url: '/api/admin/reports/987654', token: admin })).status).toBe(
      404,
    );
  });
});

describe('generated reports: made by the worker', () => {
  it('queue with the admin’s language and the locale style unless asked, then run to done', async () => {
    const res = await create({ type: 'spend-by-currency', from: FROM, to: TO, format: 'xlsx' });
    expect(res.status).toBe(201);
    expect(res.body.data.report).toMatchObject({
      type: 'spend-by-currency',
      parameters: { from: FROM, to: TO, format: 'xlsx', style: 'locale', locale: 'en' },
      status: 'queued',
      progress: 0,
      rows: null,
      fileName: `spend-by-currency-${FROM}-${TO}.xlsx`,
      createdBy: { name: 'Ada Admin' },
      finishedAt: null,
      expiresAt: null,
    });
    const id = res.body.data.report.id;
    // Nothing is served before it is done.
    expect((await download(id)).statusCode).toBe(404);
    await testReportWorker(t).runOnce();
    const done = await get(id);
    expect(done).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(done.rows).toBe(6); // 3 days x 2 currencies
    const lifetime =
      Date.parse(`${done.expiresAt.replace(' ', 'T')}Z`) -
      Date.parse(`${done.finishedAt.replace(' ', 'T')}Z`);
    expect(lifetime).toBe(30 * 86_400_000);
    const list = await t.call({
      method: 'GET',
      url: '/api/admin/reports?type=spend-by-currency',
      token: admin,
    });
    expect(list.body.data.reports.elements.map((r: { id: number }) => r.id)).toContain(id);
  });

  it('write the revenue of every advertiser and day as the rollups add it up (CSV, iso style)', async () => {
    const id = await created({ type: 'revenue', from: FROM, to: TO, format: 'csv', style: 'iso' });
    await testReportWorker(t).runOnce();
    const res = await download(id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(`filename="revenue-${FROM}-${TO}.csv"`);
    const [header, ...rows] = parse(res.body) as string[][];
    expect(header).toEqual([
      'Day',
      'Agency',
      'Advertiser',
      'Advertiser code',
      'Currency',
      'Impressions',
      'Clicks',
      'Spend (gross)',
      'Media cost',
      'Platform margin',
      'Agency commission',
    ]);
    const expected: string[][] = [];
    for (const day of days)
      for (const [advertiserId, agency, name, code, currency] of [
        [ids.solo, '', 'Solo Store', 'SOLO-STORE', 'EUR'],
        [ids.shop, 'Demo Agency', 'Demo Shop', 'DEMO-SHOP', 'PLN'],
      ] as const) {
        const of = deltas.filter((d) => d.advertiserId === advertiserId && dayOf(d) === day);
        expected.push([
          day,
          agency,
          name,
          code,
          currency,
          String(total(of, 'impressions')),
          String(total(of, 'clicks')),
          money2(total(of, 'spendMicros')),
          money2(total(of, 'clearingMicros')),
          money2(total(of, 'marginMicros')),
          money2(total(of, 'commissionMicros')),
        ]);
      }
    for (const [advertiserId, currency] of [
      [ids.solo, 'EUR'],
      [ids.shop, 'PLN'],
    ] as const) {
      const of = deltas.filter((d) => d.advertiserId === advertiserId && inPeriod(d));
      expected.push([
        'Total',
        '',
        '',
        '',
        currency,
        String(total(of, 'impressions')),
        String(total(of, 'clicks')),
        money2(total(of, 'spendMicros')),
        money2(total(of, 'clearingMicros')),
        money2(total(of, 'marginMicros')),
        money2(total(of, 'commissionMicros')),
      ]);
    }
    expect(rows).toEqual(expected);
    expect((await get(id)).rows).toBe(6);
  });

  it('write conversions as typed XLSX cells equal to the rollups, money in each advertiser’s currency', async () => {
    const id = await created({ type: 'conversions', from: FROM, to: TO, format: 'xlsx', locale: 'pl' });
    await testReportWorker(t).runOnce();
    const res = await download(id);
    expect(res.statusCode).toBe(200);
    const sheet = (await workbookFrom(res.rawPayload)).worksheets[0];
    if (!sheet) throw new Error('no sheet');
    expect(sheet.getRow(1).getCell(1).value).toBe('Dzień');
    expect(sheet.getRow(1).getCell(5).value).toBe('Kliknięcia');
    // Day 2 (row 4 and 5: Solo Store then Demo Shop).
    const of = deltas.filter((d) => d.advertiserId === ids.shop && dayOf(d) === days[1]);
    const row = sheet.getRow(5);
    expect(row.getCell(1).value).toEqual(new Date(`${days[1]}T00:00:00Z`));
    expect(row.getCell(3).value).toBe('Demo Shop');
    expect(row.getCell(4).value).toBe('PLN');
    expect(row.getCell(5).value).toBe(total(of, 'clicks'));
    expect(row.getCell(6).value).toBe(total(of, 'clickConversions'));
    expect(row.getCell(7).value).toBe(total(of, 'viewConversions'));
    expect(row.getCell(8).value).toBe(total(of, 'clickConversions') + total(of, 'viewConversions'));
    expect(row.getCell(9).value).toBeCloseTo(total(of, 'clickConversions') / total(of, 'clicks'), 12);
    expect(row.getCell(10)).toMatchObject({
      value: total(of, 'conversionValueMinor') / 100,
      numFmt: '#,##0.00',
    });
    // Exact to the micro-unit (shown with two digits).
    expect(row.getCell(11).value).toBe(total(of, 'spendMicros') / 1e6);
    // ROAS as the panels show it: a percent (value per spend, 12.34 shown 1234.00%).
    const roas = row.getCell(13);
    expect(roas.value).toBeCloseTo(
      total(of, 'conversionValueMinor') / 100 / (total(of, 'spendMicros') / 1e6),
      9,
    );
    expect(roas.numFmt).toBe('0.00%');
    // Totals: one row per currency, EUR first.
    const shopAll = deltas.filter((d) => d.advertiserId === ids.shop && inPeriod(d));
    const totals = sheet.getRow(sheet.rowCount);
    expect(totals.getCell(1).value).toBe('Razem');
    expect(totals.getCell(4).value).toBe('PLN');
    expect(totals.getCell(10).value).toBe(total(shopAll, 'conversionValueMinor') / 100);
    expect(totals.getCell(1).font?.bold).toBe(true);
  });

  it('rank domains per currency and list invalid traffic by advertiser and domain', async () => {
    const domainsId = await created({ type: 'top-domains', from: FROM, to: TO, format: 'csv', style: 'iso' });
    const invalidId = await created({
      type: 'invalid-traffic',
      from: FROM,
      to: TO,
      format: 'csv',
      style: 'iso',
    });
    await testReportWorker(t).runOnce();

    const [, ...domains] = parse((await download(domainsId)).body) as string[][];
    expect(domains.map((r) => r[0])).toEqual(['EUR', 'EUR', 'EUR', 'PLN', 'PLN', 'PLN']);
    const eur = deltas.filter((d) => d.advertiserId === ids.solo && inPeriod(d));
    const byDomain = ['news.example', 'shop.example', ''].map((domain) => ({
      domain: domain || '(no domain)',
      impressions: total(
        eur.filter((d) => d.domain === domain),
        'impressions',
      ),
      spend: money2(
        total(
          eur.filter((d) => d.domain === domain),
          'spendMicros',
        ),
      ),
    }));
    byDomain.sort((a, b) => b.impressions - a.impressions);
    expect(domains.slice(0, 3).map((r) => [r[1], r[3], r[7]])).toEqual(
      byDomain.map((d) => [d.domain, String(d.impressions), d.spend]),
    );

    const [header, ...invalid] = parse((await download(invalidId)).body) as string[][];
    expect(header?.[3]).toBe('Domain');
    // Only news.example had invalid traffic; the totals row last.
    expect(invalid.map((r) => [r[2], r[3]])).toEqual([
      ['SOLO-STORE', 'news.example'],
      ['DEMO-SHOP', 'news.example'],
      ['', ''],
    ]);
    const shopNews = deltas.filter(
      (d) => d.advertiserId === ids.shop && d.domain === 'news.example' && inPeriod(d),
    );
    expect(invalid[1]?.slice(4, 6)).toEqual([
      String(total(shopNews, 'impressions')),
      String(total(shopNews, 'invalidImpressions')),
    ]);
    const allNews = deltas.filter((d) => d.domain === 'news.example' && inPeriod(d));
    expect(invalid[2]?.[0]).toBe('Total');
    expect(invalid[2]?.[5]).toBe(String(total(allNews, 'invalidImpressions')));
  });

  it('move the progress forward chunk by chunk while it runs', async () => {
    const db = t.database.db;
    await db.execute(
      sql`create table report_progress_seen (report_id bigint, progress smallint, status text)`,
    );
    await db.execute(sql`create function note_report_progress() returns trigger language plpgsql as $$
        begin insert into report_progress_seen values (new.id, new.progress, new.status); return new; end $$`);
    await db.execute(sql`create trigger note_report_progress after update on generated_reports
        for each row execute function note_report_progress()`);
    try {
      const id = await created({ type: 'revenue', from: FROM, to: TO, format: 'xlsx' });
      await testReportWorker(t).runOnce();
      const seen = await t.database.db.execute(
        sql`select progress, status from report_progress_seen where report_id = ${id} order by ctid`,
      );
      const steps = (seen as unknown as { rows: { progress: number; status: string }[] }).rows;
      // Leased at 0, a third, two thirds (each day a chunk), then done at 100.
      expect(steps).toEqual([
        { progress: 0, status: 'running' },
        { progress: 33, status: 'running' },
        { progress: 66, status: 'running' },
        { progress: 99, status: 'running' },
        { progress: 100, status: 'done' },
      ]);
    } finally {
      await db.execute(sql`drop trigger note_report_progress on generated_reports`);
      await db.execute(sql`drop function note_report_progress()`);
      await db.execute(sql`drop table report_progress_seen`);
    }
  });
});

describe('generated reports: lifecycle', () => {
  it('download through a one-time link, as other downloads do', async () => {
    const id = await created({ type: 'spend-by-currency', from: FROM, to: TO, format: 'csv' });
    await testReportWorker(t).runOnce();
    const link = await t.call({
      method: 'POST',
      url: '/api/admin/download-links',
      token: admin,
      payload: { path: `/api/admin/reports/${id}/download` },
    });
    expect(link.status, JSON.stringify(link.body)).toBe(200);
    const res = await t.app.inject({ method: 'GET', url: link.body.data.url });
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('\uFEFFDay,Currency,Advertisers')).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: link.body.data.url })).statusCode).toBe(401);
  });

  it('are deleted with their file, and a deleted one is not found', async () => {
    const id = await created({ type: 'revenue', from: FROM, to: FROM, format: 'csv' });
    await testReportWorker(t).runOnce();
    const [row] = await t.database.db.select().from(generatedReports).where(eq(generatedReports.id, id));
    const file = join(reportsFolder(), row?.fileKey ?? 'missing');
    expect(existsSync(file)).toBe(true);
    const res = await t.call({ method: 'DELETE', url: `/api/admin/reports/${id}`, token: admin });
    expect(res.status).toBe(200);
    expect(existsSync(file)).toBe(false);
    expect((await t.call({ method: 'GET', url: `/api/admin/reports/${id}`, token: admin })).status).toBe(404);
    expect((await download(id)).statusCode).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `/api/admin/reports/${id}`, token: admin })).status).toBe(
      404,
    );
  });

  it('are deleted with their file by the worker once their retention has passed', async () => {
    const keep = await created({ type: 'revenue', from: FROM, to: FROM, format: 'csv' });
    const expire = await created({ type: 'revenue', from: FROM, to: FROM, format: 'xlsx' });
    const worker = testReportWorker(t);
    await worker.runOnce();
    const [row] = await t.database.db.select().from(generatedReports).where(eq(generatedReports.id, expire));
    const file = join(reportsFolder(), row?.fileKey ?? 'missing');
    expect(existsSync(file)).toBe(true);
    await t.database.db
      .update(generatedReports)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(generatedReports.id, expire));
    await worker.runOnce();
    expect((await t.call({ method: 'GET', url: `/api/admin/reports/${expire}`, token: admin })).status).toBe(
      404,
    );
    expect(existsSync(file)).toBe(false);
    expect((await get(keep)).status).toBe('done');
  });

  it('run again when their worker stopped, and fail as interrupted after three runs', async () => {
    const id = await created({ type: 'revenue', from: FROM, to: FROM, format: 'csv' });
    const stopped = async () => {
      // A run that took the report and then went away (its process died): its lease runs out.
      const job = await leaseQueuedReport(t.database.db, crypto.randomUUID(), 60_000);
      expect(job?.id).toBe(id);
      await t.database.db
        .update(generatedReports)
        .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(generatedReports.id, id));
    };
    await stopped();
    await testReportWorker(t).runOnce();
    expect(await get(id)).toMatchObject({ status: 'done', progress: 100 });
    const [run] = await t.database.db.select().from(generatedReports).where(eq(generatedReports.id, id));
    expect(run?.attempts).toBe(2);

    const doomed = await created({ type: 'revenue', from: FROM, to: FROM, format: 'csv' });
    let token = '';
    for (let i = 0; i < 3; i++) {
      token = crypto.randomUUID();
      const job = await leaseQueuedReport(t.database.db, token, 60_000);
      expect(job?.id).toBe(doomed);
      await t.database.db
        .update(generatedReports)
        .set({ leaseExpiresAt: sql`now() - interval '1 second'` })
        .where(eq(generatedReports.id, doomed));
      if (i < 2) {
        expect(await releaseExpiredRuns(t.database.db, REPORT_MAX_ATTEMPTS, 30)).toEqual([
          { id: doomed, leaseToken: token, format: 'csv' },
        ]);
        expect((await get(doomed)).status).toBe('queued');
      }
    }
    // What the last run had written is removed with it.
    const partial = join(reportsFolder(), `${token}.csv.part`);
    await writeFile(partial, 'Day,Agency\r\n');
    await testReportWorker(t).runOnce();
    expect(existsSync(partial)).toBe(false);
    expect(await get(doomed)).toMatchObject({ status: 'failed', error: 'interrupted' });
  });

  it('are made once each when several workers run at the same time', async () => {
    const made = [
      await created({ type: 'revenue', from: FROM, to: TO, format: 'csv' }),
      await created({ type: 'conversions', from: FROM, to: TO, format: 'xlsx' }),
      await created({ type: 'top-domains', from: FROM, to: TO, format: 'csv' }),
    ];
    const workers = [testReportWorker(t), testReportWorker(t)];
    await Promise.all(workers.map((w) => w.runOnce()));
    for (const id of made) {
      const [row] = await t.database.db.select().from(generatedReports).where(eq(generatedReports.id, id));
      expect(row).toMatchObject({ status: 'done', attempts: 1 });
    }
    // No partial file is left behind.
    expect((await readdir(reportsFolder())).filter((name) => name.endsWith('.part'))).toEqual([]);
  });
});
