import { campaigns } from '@rtb/db';
import { addHourlyStats } from '@rtb/delivery';
import type { AgencyReportDto, ReportDto } from '@rtb/shared';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import pino from 'pino';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertBanner, todayOf } from '../../api/src/contexts/campaigns/campaigns/test-helpers';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import { startReportWorker } from '../../api/src/contexts/reporting/admin-reports/worker';
import { axeClean } from './support/axe';
import { DESKTOP, MOBILE } from './support/browser';
import { downloaded } from './support/downloads';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

const e2e = setupE2E();
const shownCount = (n: number) => new Intl.NumberFormat('en').format(n);
const day = (today: string, days: number) =>
  new Date(Date.parse(`${today}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The texts of a table's rows, cell by cell (headers without their sort marks). */
async function tableTexts(table: Locator): Promise<string[][]> {
  const rows = await table.locator('tr').all();
  return Promise.all(
    rows.map(async (row) =>
      (await row.locator('th, td').allTextContents()).map((cell) => cell.replace(/[▲▼↕]/g, '').trim()),
    ),
  );
}

const exported = (page: Page, name: string) => downloaded(page, page.getByRole('button', { name }));

let today: string;
let shopId: number;
let names: { sale: string; teaser: string };
/**
 * Solo Store's (EUR; apart from Demo Shop's figures the other tests check) target CPA campaign:
 * scored by the models and shaded on its last 10 days, before any model on the 5 before.
 */
let outcomeId: number;

beforeAll(async () => {
  const { t } = e2e.server;
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
  today = await todayOf(t, shopId);
  names = { sale: 'Spring sale', teaser: 'Brand teaser' };
  const db = t.database.db;
  const campaign = async (name: string) => {
    const [row] = await db
      .insert(campaigns)
      .values({ advertiserId: shopId, name, startDate: day(today, -60), maxCpm: 500, dailyBudget: 10_000 })
      .returning({ id: campaigns.id });
    return row?.id as number;
  };
  const sale = await campaign(names.sale);
  const teaser = await campaign(names.teaser);
  const banner = await insertBanner(t, shopId);
  // Noon UTC is the same day in Warsaw; 20 days of delivery, and some 40 days ago for the comparison.
  const at = (offset: number) => new Date(`${day(today, offset)}T12:00:00Z`);
  const rows = [];
  for (let offset = -20; offset <= -1; offset++) {
    rows.push({
      hour: at(offset),
      advertiserId: shopId,
      campaignId: offset % 2 ? sale : teaser,
      bannerId: banner,
      country: offset % 3 ? 'PL' : 'DE',
      bids: 400 - offset,
      wins: 200,
      impressions: 100 - offset,
      clicks: 5 + (-offset % 4),
      spendMicros: 1_234_567 * -offset,
      commissionMicros: 123_456 * -offset,
      clickConversions: -offset % 5 === 0 ? 1 : 0,
      conversionValueMinor: -offset % 5 === 0 ? 9_999 : 0,
    });
  }
  rows.push({
    hour: at(-40),
    advertiserId: shopId,
    campaignId: sale,
    bannerId: banner,
    impressions: 500,
    clicks: 10,
  });
  await addHourlyStats(db, rows);

  const soloId = await organisationId(t, 'advertiser', 'Solo Store');
  const soloToday = await todayOf(t, soloId);
  const soloBanner = await insertBanner(t, soloId);
  const soloAt = (offset: number) => new Date(`${day(soloToday, offset)}T12:00:00Z`);
  const [outcome] = await db
    .insert(campaigns)
    .values({
      advertiserId: soloId,
      name: 'Orders at 20 €',
      startDate: day(soloToday, -60),
      goalKind: 'targetCpa',
      goalTargetMicros: 20_000_000,
      maxCpm: null,
      dailyBudget: 10_000,
    })
    .returning({ id: campaigns.id });
  outcomeId = outcome?.id as number;
  const outcomeRows = [];
  for (let offset = -15; offset <= -1; offset++) {
    const scored = offset > -11;
    outcomeRows.push({
      hour: soloAt(offset),
      advertiserId: soloId,
      campaignId: outcomeId,
      bannerId: soloBanner,
      impressions: 2_000,
      clicks: 4 + (-offset % 3),
      clickConversions: -offset % 3 === 0 ? 1 : 0,
      spendMicros: 6_000_000,
      ...(scored
        ? {
            predictedClicksMicro: 4_800_000,
            predictedConversionsMicro: 260_000,
            shadedClearingMicros: 3_400_000,
            unshadedMicros: 4_000_000,
          }
        : {}),
    });
  }
  await addHourlyStats(db, outcomeRows);
});

describe('reporting', () => {
  it('an advertiser filters, groups, compares, charts, picks columns, sorts and exports what is on screen', async () => {
    const { context, page } = await e2e.open();
    const token = await signIn(context, e2e.server, demo.advertiser);
    await page.goto(`${panelPrefix.advertiser}/reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await page.getByRole('combobox', { name: 'Time' }).selectOption({ label: 'By week' });
    await page.getByRole('combobox', { name: 'Split by' }).selectOption({ label: 'Country' });
    // The address holds the choice; the router applies it in a transition, so the box turns checked a moment later.
    const compare = page.getByRole('checkbox', { name: 'Compare with the previous period' });
    await compare.click();
    await expect.poll(() => compare.isChecked()).toBe(true);
    await page.getByRole('combobox', { name: 'Metric (left axis)' }).selectOption({ label: 'Clicks' });
    await page
      .getByRole('combobox', { name: 'Second metric (right axis)' })
      .selectOption({ label: 'Impressions' });
    await page.getByRole('button', { name: 'Bars' }).click();
    await page.getByText(/^Columns \(/).click();
    await page.getByRole('checkbox', { name: 'CPM' }).uncheck();
    await page.getByRole('checkbox', { name: 'Bids', exact: true }).check();
    const table = page.getByRole('table', { name: 'The report’s rows, with the totals' });
    await table
      .getByRole('columnheader', { name: /^Clicks/ })
      .getByRole('button')
      .click();
    await expect.poll(() => page.url()).toContain('sort=clicks');

    // The page asks the API for what the address says; the table shows its rows in its order.
    const query = new URL(page.url()).search;
    expect(query).toContain('time=week');
    expect(query).toContain('by=country');
    expect(query).toContain('compare=previous');
    const report: ReportDto = (
      await e2e.server.t.call({ method: 'GET', url: `/api/advertiser/reports${query}`, token })
    ).body.data.report;
    expect(report.previous?.totals.impressions).toBe(500);
    const totals = report.totals;
    await expect.poll(async () => (await tableTexts(table)).length).toBe(report.rows.elements.length + 2);
    const texts = await tableTexts(table);
    const header = texts[0] as string[];
    expect(header).toContain('Bids');
    expect(header).not.toContain('CPM');
    const clicksColumn = header.indexOf('Clicks');
    expect(texts.slice(1, -1).map((row) => row[clicksColumn])).toEqual(
      report.rows.elements.map((row) => shownCount(row.clicks)),
    );
    // The totals row's label spans the period and country columns: its figures line up from the right.
    const fromRight = (row: string[] | undefined, column: string) =>
      row?.[row.length - header.length + header.indexOf(column)];
    expect(fromRight(texts.at(-1), 'Impressions')).toBe(shownCount(totals.impressions));
    // The summary compares with the previous period.
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText(`Previous period: ${shownCount(500)}`).waitFor();
    await page.getByRole('table', { name: 'The chart’s figures' }).waitFor({ state: 'attached' });
    await saveScreenshot(page, 'reports-grouped');
    await axeClean(page, 'the grouped report');

    // CSV as on screen: the same rows, order and columns (numbers without grouping), the totals last.
    const csv = parse(await exported(page, 'Export CSV'), { bom: true }) as string[][];
    expect(csv[0]).toEqual([
      'Week (from Monday)',
      'Country',
      ...header.slice(2).map((h) => (/Spend|CPC|CPA|value/.test(h) ? `${h} (zł)` : h)),
    ]);
    expect(csv).toHaveLength(report.rows.elements.length + 2);
    const csvClicks = (csv[0] as string[]).indexOf('Clicks');
    expect(csv.slice(1, -1).map((row) => Number(row[csvClicks]))).toEqual(
      report.rows.elements.map((r) => r.clicks),
    );
    expect(csv.at(-1)?.[0]).toBe('Total');
    expect(Number(csv.at(-1)?.[(csv[0] as string[]).indexOf('Impressions')])).toBe(totals.impressions);

    // XLSX: typed cells with the API's numbers.
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await exported(page, 'Export XLSX')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const cells = (n: number) => (sheet.getRow(n).values as unknown[]).slice(1);
    expect(cells(1)).toEqual(csv[0]);
    report.rows.elements.forEach((row, i) => {
      const values = cells(i + 2);
      expect(values[0]).toBeInstanceOf(Date);
      expect(values[csvClicks]).toBe(row.clicks);
      expect(values[(csv[0] as string[]).indexOf('Spend (zł)')]).toBeCloseTo((row.spendMicros ?? 0) / 1e6, 6);
    });
  }, 90_000);

  it('an agency sees its advertisers with its commission and drills down to one', async () => {
    const { context, page } = await e2e.open();
    const token = await signIn(context, e2e.server, demo.agency);
    await page.goto(`${panelPrefix.agency}/reporting`);
    await page.getByRole('heading', { name: 'Reporting', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Last 30 days' }).click();
    await expect.poll(() => page.url()).toContain('from=');
    const stats: AgencyReportDto = (
      await e2e.server.t.call({
        method: 'GET',
        url: `/api/agency/advertiser-campaign-stats${new URL(page.url()).search}`,
        token,
      })
    ).body.data.advertiserCampaignStats;
    const shop = stats.rows.elements.find((row) => row.advertiserId === shopId);
    expect(shop?.commissionMicros).toBe(123_456 * 210);
    const link = page.getByRole('link', { name: 'Demo Shop', exact: true });
    await link.waitFor();
    await saveScreenshot(page, 'agency-reporting');
    await axeClean(page, 'the agency’s reporting');
    await link.click();
    await page.getByRole('heading', { name: 'Report of Demo Shop', level: 1 }).waitFor();
    const summary = page.getByRole('region', { name: 'Summary' });
    await summary.getByText(shownCount(shop?.impressions ?? -1), { exact: true }).waitFor();
    await page.getByRole('link', { name: 'Back to reporting' }).waitFor();
  }, 60_000);

  it('an admin generates a report in the background, watches it and downloads it', async () => {
    const { context, page } = await e2e.open();
    await signIn(context, e2e.server, demo.admin);
    await page.goto(`${panelPrefix.admin}/reports`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Generate a report' }).first().click();
    const panel = page.getByRole('dialog', { name: 'Generate a report' });
    await panel.getByLabel('Report').selectOption('revenue');
    await panel.getByRole('textbox', { name: 'From' }).fill(day(today, -30).split('-').reverse().join('.'));
    await panel.getByRole('textbox', { name: 'To' }).fill(day(today, 0).split('-').reverse().join('.'));
    await panel.getByLabel('File format').selectOption('csv');
    await panel.getByLabel('CSV numbers and dates').selectOption('iso');
    await panel.getByRole('button', { name: 'Generate' }).click();
    await page.getByText('The report is queued.').waitFor();
    // Queued, with its progress at 0, until a worker takes it (started only now, to see it wait).
    const bar = page.getByRole('progressbar', { name: /^Progress of Revenue/ });
    await bar.waitFor();
    expect(await bar.getAttribute('value')).toBe('0');
    await saveScreenshot(page, 'admin-reports-queued');
    const worker = startReportWorker({
      deps: e2e.server.t.deps,
      log: pino({ level: 'silent' }),
      intervalMs: 200,
    });
    try {
      const download = page.getByRole('button', { name: /^Download Revenue/ });
      await download.waitFor({ timeout: 20_000 });
      await bar.waitFor({ state: 'detached' });
      await axeClean(page, 'the admin’s reports');
      const csv = parse(await downloaded(page, download)) as string[][];
      const header = csv[0] as string[];
      const shopRows = csv.filter((row) => row.includes('Demo Shop'));
      expect(shopRows).toHaveLength(20);
      // Demo Shop's days add up to what the rollups hold: 1.234567 PLN x (1 + ... + 20), to the grosz of each day.
      const spend = header.findIndex((h) => /^Spend/.test(h));
      expect(spend).toBeGreaterThan(-1);
      const total = shopRows.reduce((sum, row) => sum + Math.round(Number(row[spend]) * 100), 0);
      expect(Math.abs(total - (1_234_567 * 210) / 10_000)).toBeLessThanOrEqual(10);
    } finally {
      await worker.stop();
    }
  }, 60_000);

  it("an outcome campaign's page sets its CPA against the target, the predictions against what happened, and the saving", async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const { context, page } = await e2e.open(viewport);
      await signIn(context, e2e.server, demo.solo);
      await page.goto(`${panelPrefix.advertiser}/campaigns/${outcomeId}`);
      const goal = page.getByRole('region', { name: /^Goal/ });
      // 15 days of 6.00 € and 5 conversions: 18.00 € against 20.00 €.
      await goal.getByText('CPA 18.00 € against a 20.00 € target: 10.00% under.').waitFor();
      await goal
        .getByText(
          'Clicks: counted over the 10 of 15 days with impressions that a model had scored (before, no model had).',
        )
        .waitFor();
      const clicks = goal.getByRole('row', { name: /^Clicks/ });
      expect(await clicks.locator('td').allTextContents()).toEqual(['48.00', '50']);
      await goal
        .getByText(/In this period that saved 6\.00 €: .* cost 15\.00% less than the full bids/)
        .waitFor();
      await saveScreenshot(page, 'campaign-goal');
      await axeClean(page, `the campaign's goal at ${viewport.width}px`);
    }
  }, 60_000);
});
