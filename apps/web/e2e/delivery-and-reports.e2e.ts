import type { ReportDto } from '@rtb/shared';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import { startTraffic } from '../../simulator/src/index';
import { adminToken, apiData, topUpAdvertiser } from './support/api';
import { axeClean } from './support/axe';
import { MOBILE } from './support/browser';
import { campaignSummary, nextStep } from './support/campaigns';
import { downloaded } from './support/downloads';
import { shownCount, shownMoney, shownSpend } from './support/format';
import { png } from './support/images';
import { moneyFigure } from './support/payments';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { rowByHeader } from './support/tables';
import { demo, panelPrefix } from './support/texts';

// The bidder and its trackers on the server's port; landing pages are checked by requesting
// them (the server's own page answers).
const e2e = setupE2E({ urlVerifyAllowPrivate: true }, { bidder: true });
const advertiserPanel = panelPrefix.advertiser;
const campaignName = 'Simulated sale';
const bannerName = 'simulated-rectangle';

/** A figure of the report's summary, by its label. */
const summaryFigure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Summary' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

type SpendLine = { amount: number; day: string; campaign: { name: string } | null };

/**
 * The spend lines of an organisation's account on the ledger, as the payments list gives them:
 * one per campaign and day (amounts in minor units; an advertiser's negative, an agency's
 * commission positive).
 */
async function ledgerSpendLines(
  token: string,
  panel: 'advertiser' | 'agency',
  account: 'balance' | 'commission',
): Promise<SpendLine[]> {
  const lines: SpendLine[] = [];
  for (let page = 1; ; page++) {
    const { payments } = await apiData(
      e2e.server,
      token,
      'GET',
      `/api/${panel}/payments?type=spend&account=${account}&perPage=100&page=${page}`,
    );
    lines.push(...payments.elements);
    if (payments.elements.length < 100) return lines;
  }
}

const sum = (amounts: number[]) => amounts.reduce((total, amount) => total + amount, 0);
/** A day as the panel's files write it (spec section 9): '2026-05-31' is '31.05.2026'. */
const shownDay = (day: string | null) => day?.split('-').reverse().join('.');

/** A statement CSV's columns by header, its amounts in minor units ('-1,234.56' is -123456). */
function statementRows(csv: Buffer) {
  const [header, ...rows] = parse(csv, { bom: true }) as string[][];
  const column = (name: string) => (header ?? []).indexOf(name);
  const minor = (text: string | undefined) =>
    text ? Math.round(Number(text.replaceAll(',', '')) * 100) : null;
  return rows.map((row) => ({
    account: row[column('Account')],
    day: row[column('Date')],
    operation: row[column('Operation')],
    description: row[column('Description')],
    amount: minor(row[column('Amount')]),
    balance: minor(row[column('Balance')]),
  }));
}

/**
 * An account's rows of a statement CSV add up: the opening balance plus every line is the
 * closing balance, and that is the balance the ledger holds now (`held`).
 */
function expectAddsUp(rows: ReturnType<typeof statementRows>, held: number) {
  const [opening, ...rest] = rows;
  const closing = rest.pop();
  expect([opening?.operation, closing?.operation]).toEqual(['Opening balance', 'Closing balance']);
  expect((opening?.balance ?? 0) + sum(rest.map((row) => row.amount ?? 0))).toBe(closing?.balance);
  expect(closing?.balance).toBe(held);
}

/**
 * Opens the payments page's Statements tab on the month to date and downloads its CSV and PDF
 * with the tab's buttons; checks the PDF is one. Answers the CSV's rows.
 */
async function downloadStatement(page: Page, panel: string) {
  await page.goto(`${panel}/payments?tab=statements`);
  await page.getByRole('heading', { name: 'Monthly statement', level: 2 }).waitFor();
  const month = page.getByLabel('Month', { exact: true });
  await month.selectOption({ index: 0 });
  await page.getByText(/, to date$/).waitFor();
  const downloads = page.getByRole('region', { name: 'Download the statement' });
  const csv = statementRows(
    await downloaded(page, downloads.getByRole('button', { name: 'CSV', exact: true })),
  );
  const pdf = await downloaded(page, downloads.getByRole('button', { name: 'PDF', exact: true }));
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.length).toBeGreaterThan(2_000);
  return csv;
}

describe('delivery and reports', () => {
  // Five seconds of traffic on top of a dozen pages: a longer time limit than the usual minute.
  it('the simulator buys a campaign created in the browser; reports, campaigns and payments show it', async () => {
    const { t, baseURL, bidder } = e2e.server;
    if (!bidder) throw new Error('the server has no bidder');
    const shopId = await organisationId(t, 'advertiser', 'Demo Shop');
    const admin = await adminToken(e2e.server);
    // The exchange asks for bids in USD and EUR as well: the bidder converts at the platform's rates.
    for (const [code, rate] of [
      ['USD', '3.95'],
      ['EUR', '4.30'],
    ] as const)
      await apiData(e2e.server, admin, 'POST', '/api/admin/currency-rates', {
        payload: { currencyId: await t.referenceId('currencies', code), rate, validFrom: '2025-01-01' },
      });
    // Demo Shop has no money in the demo data.
    await topUpAdvertiser(e2e.server, shopId, 100_000, 'Funds for the simulated traffic');

    const { context, page } = await e2e.open();
    const shop = await signIn(context, e2e.server, demo.advertiser);
    const before = (await apiData(e2e.server, shop, 'GET', '/api/advertiser/payments/overview'))
      .paymentsOverview;
    expect(before.balance).toBe(100_000);
    await page.goto(`${advertiserPanel}/payments`);
    await expect
      .poll(() => moneyFigure(page, 'Balance').first().textContent())
      .toBe(shownMoney(before.balance, before.currency.symbol));

    // A banner uploaded in the browser; the admin approves it (the review itself is the
    // creatives test's subject: here through the API).
    await page.goto(`${advertiserPanel}/banners`);
    await page.getByLabel('Landing page of these banners').fill(`${baseURL}/`);
    await page
      .getByLabel('Choose files')
      .setInputFiles([
        { name: `${bannerName}.png`, mimeType: 'image/png', buffer: await png(300, 250, '#0e7490') },
      ]);
    await page.getByRole('button', { name: 'Upload 1 file' }).click();
    await page.getByText('1 banner uploaded.').waitFor();
    const { banners } = await apiData(e2e.server, shop, 'GET', '/api/advertiser/banners');
    const banner = banners.elements.find((b: { name: string }) => b.name === bannerName);
    await apiData(e2e.server, admin, 'PUT', `/api/admin/banners/${banner.id}/review`, {
      payload: { decision: 'approve' },
    });

    // The campaign, created and activated in the browser: every country, a bid that wins.
    await page.goto(`${advertiserPanel}/campaigns`);
    await page.getByRole('button', { name: 'Create your first campaign' }).click();
    await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(campaignName);
    await page.getByLabel('Total budget (zł)').fill('500');
    await page.getByLabel('Daily budget (zł)').fill('200');
    await page.getByLabel('Maximum CPM (zł)').fill('50.00');
    await page.getByRole('radio', { name: /As fast as possible/ }).check();
    await nextStep(page, 'Audience & targeting');
    await nextStep(page, 'Creatives');
    await page.getByRole('checkbox', { name: new RegExp(bannerName) }).check();
    await page.getByText('1 approved banner picked.').waitFor();
    await nextStep(page, 'Schedule');
    await nextStep(page, 'Review');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: campaignName, level: 1 }).waitFor();
    await campaignSummary(page).getByRole('button', { name: 'Activate' }).click();
    await campaignSummary(page).getByRole('button', { name: 'Pause' }).waitFor();
    await expect.poll(() => campaignSummary(page).getByText('Not serving').count()).toBe(0);

    // The bidder has loaded it; a simulated exchange sends it 5 seconds of traffic.
    const { campaigns } = await apiData(e2e.server, shop, 'GET', '/api/advertiser/campaigns');
    const campaign = campaigns.elements.find((c: { name: string }) => c.name === campaignName);
    await bidder.live.settled();
    expect(bidder.live.campaign(campaign.id)).toBeDefined();
    const traffic = startTraffic({ url: baseURL, rate: 20, durationSeconds: 5, ctr: 0.2, cvr: 0.3, seed: 1 });
    const stats = await traffic.finished;
    expect(stats.impressions, JSON.stringify(stats)).toBeGreaterThan(0);

    // Reports: the figures on screen are the API's, for the period and for the campaign.
    const byCampaign = '?time=none&by=campaign';
    const report: ReportDto = (await apiData(e2e.server, shop, 'GET', `/api/advertiser/reports${byCampaign}`))
      .report;
    expect(report.totals.impressions).toBeGreaterThan(0);
    expect(report.totals.spendMicros).toBeGreaterThan(0);
    const reported = report.rows.elements.find((r) => r.key === String(campaign.id));
    expect(reported?.impressions).toBe(report.totals.impressions);
    const impressions = shownCount(report.totals.impressions);
    // Every amount in the currency's one symbol, the payments' and the reports' alike.
    expect(report.currency).toBe(before.currency.code);
    const symbol = before.currency.symbol;
    const spend = shownSpend(report.totals.spendMicros, symbol);

    await page.goto(`${advertiserPanel}/reports${byCampaign}`);
    await page.getByRole('heading', { name: 'Reports', level: 1 }).waitFor();
    await expect.poll(() => summaryFigure(page, 'Impressions').textContent()).toBe(impressions);
    // The symbol comes with the currencies' reference data, which may arrive after the report.
    await expect.poll(() => summaryFigure(page, 'Spend').textContent()).toBe(spend);
    const rows = page.getByRole('table', { name: 'The report’s rows, with the totals' });
    const campaignRow = rows.getByRole('row', { name: new RegExp(campaignName) });
    await campaignRow.getByText('Active', { exact: true }).waitFor();
    expect(await rowByHeader(rows, campaignRow)).toMatchObject({
      Campaign: expect.stringContaining(campaignName),
      Impressions: shownCount(reported?.impressions ?? 0),
      Spend: shownSpend(reported?.spendMicros ?? 0, symbol),
    });
    await saveScreenshot(page, 'reports');
    await axeClean(page, 'the reports page');

    // The campaigns list counts the same impressions.
    await page.goto(`${advertiserPanel}/campaigns`);
    const list = page.getByRole('table', { name: 'Campaigns' });
    const listed = list.getByRole('row', { name: new RegExp(campaignName) });
    await listed.getByText('Serving', { exact: true }).waitFor();
    expect((await rowByHeader(list, listed)).Impressions).toBe(impressions);

    // Payments: the balance is lower by what the ledger charged for the spend.
    const after = (await apiData(e2e.server, shop, 'GET', '/api/advertiser/payments/overview'))
      .paymentsOverview;
    expect(after.balance).toBeLessThan(before.balance);
    expect(after.balance - before.balance).toBe(
      sum((await ledgerSpendLines(shop, 'advertiser', 'balance')).map((line) => line.amount)),
    );
    await page.goto(`${advertiserPanel}/payments`);
    await expect
      .poll(() => moneyFigure(page, 'Balance').first().textContent())
      .toBe(shownMoney(after.balance, after.currency.symbol));
  }, 120_000);

  // After the first test: its campaign has delivered.
  it('the reports page works at 375 px', async () => {
    const { context, page } = await e2e.open(MOBILE);
    await signIn(context, e2e.server, demo.advertiser);
    await page.goto(`${advertiserPanel}/reports?time=none&by=campaign`);
    await page
      .getByRole('table', { name: 'The report’s rows, with the totals' })
      .getByRole('link', { name: campaignName })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await saveScreenshot(page, 'reports');
    await axeClean(page, 'the reports page at 375 px');
  });

  // After the first test: Demo Shop has spent this month, and its agency has earned commission.
  it('the advertiser and the agency download the month’s statement: its spend lines add up to the ledger', async () => {
    const { context, page } = await e2e.open();
    const shop = await signIn(context, e2e.server, demo.advertiser);
    const spend = await ledgerSpendLines(shop, 'advertiser', 'balance');
    expect(spend.length).toBeGreaterThan(0);
    const csv = (await downloadStatement(page, advertiserPanel)).filter(
      (row) => row.account === 'Own balance',
    );
    // On screen: the spend's total and the closing balance, which is the balance the ledger holds.
    const overview = (await apiData(e2e.server, shop, 'GET', '/api/advertiser/payments/overview'))
      .paymentsOverview;
    const own = page.getByRole('region', { name: 'Own balance' });
    const figure = (label: string) =>
      own.locator('dt', { hasText: new RegExp(`^${label}`) }).locator('xpath=following-sibling::dd[1]');
    expect(await figure('Closing balance').textContent()).toBe(shownMoney(overview.balance, 'zł'));
    expect(await figure('Campaign spend').textContent()).toBe(
      shownMoney(sum(spend.map((line) => line.amount)), 'zł'),
    );
    await saveScreenshot(page, 'statements');
    await axeClean(page, 'the statements tab');
    // The CSV: one spend line per campaign and day, as the ledger's lines; the whole adds up.
    expect(
      csv
        .filter((row) => row.operation === 'Campaign spend')
        .map((row) => [row.day, row.description, row.amount])
        .sort(),
    ).toEqual(spend.map((line) => [shownDay(line.day), line.campaign?.name, line.amount]).sort());
    expectAddsUp(csv, overview.balance);

    // The agency's own statement: its commission on Demo Shop's spend, line by line as the ledger's.
    const agencyTab = await e2e.open();
    const agency = await signIn(agencyTab.context, e2e.server, demo.agency);
    const commission = await ledgerSpendLines(agency, 'agency', 'commission');
    expect(sum(commission.map((line) => line.amount))).toBeGreaterThan(0);
    const agencyCsv = await downloadStatement(agencyTab.page, panelPrefix.agency);
    const commissionRows = agencyCsv.filter((row) => row.account === 'Commission earned');
    expect(
      commissionRows
        .filter((row) => row.operation === 'Commission credit')
        .map((row) => [row.day, row.description, row.amount])
        .sort(),
    ).toEqual(
      commission
        .map((line) => [shownDay(line.day), `Demo Shop · ${line.campaign?.name}`, line.amount])
        .sort(),
    );
    const { paymentsOverview } = await apiData(e2e.server, agency, 'GET', '/api/agency/payments/overview');
    expectAddsUp(commissionRows, paymentsOverview.commission);
    await axeClean(agencyTab.page, 'the agency’s statements tab');
  });

  // After the first test: its banner is approved, its campaign delivered (and is paused here).
  it('a target-ROAS campaign created in the browser spends on the simulator, priced by its predictions, and its page sets them against what happened', async () => {
    const { t, baseURL, bidder } = e2e.server;
    if (!bidder) throw new Error('the server has no bidder');
    const shopId = await organisationId(t, 'advertiser', 'Demo Shop');
    await topUpAdvertiser(e2e.server, shopId, 100_000, 'Funds for the target-ROAS campaign');
    const { context, page } = await e2e.open();
    const shop = await signIn(context, e2e.server, demo.advertiser);
    // The max-CPM campaign of the first test would outbid it on every request.
    const listed = (await apiData(e2e.server, shop, 'GET', '/api/advertiser/campaigns')).campaigns.elements;
    const first = listed.find((c: { name: string }) => c.name === campaignName);
    await apiData(e2e.server, shop, 'PUT', `/api/advertiser/campaigns/${first.id}/status`, {
      payload: { status: 'paused' },
    });

    const roasName = 'Sales at 100% ROAS';
    await page.goto(`${advertiserPanel}/campaigns/new`);
    await page.getByRole('heading', { name: 'New campaign', level: 1 }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill(roasName);
    await page.getByLabel('Total budget (zł)').fill('300');
    await page.getByLabel('Daily budget (zł)').fill('100');
    // Revenue equal to spend: the goal values an impression at its whole expected order.
    await page.getByRole('radio', { name: /^Target ROAS/ }).check();
    await page.getByLabel('Target ROAS (%)').fill('100');
    await page.getByRole('radio', { name: /As fast as possible/ }).check();
    await nextStep(page, 'Audience & targeting');
    await nextStep(page, 'Creatives');
    await page.getByRole('checkbox', { name: new RegExp(bannerName) }).check();
    await nextStep(page, 'Schedule');
    await nextStep(page, 'Review');
    await page.getByRole('button', { name: 'Create campaign' }).click();
    await page.getByRole('heading', { name: roasName, level: 1 }).waitFor();
    await campaignSummary(page).getByRole('button', { name: 'Activate' }).click();
    await campaignSummary(page).getByRole('button', { name: 'Pause' }).waitFor();

    const campaigns = (await apiData(e2e.server, shop, 'GET', '/api/advertiser/campaigns')).campaigns
      .elements;
    const roas = campaigns.find((c: { name: string }) => c.name === roasName);
    await bidder.live.settled();
    expect(bidder.live.campaign(roas.id)?.outcome?.goal).toEqual({
      kind: 'targetRoas',
      targetRoasBps: 10_000,
      ceilingCpmMicros: null,
    });
    // The simulator's shoppers order 11 s after their click: 20 s of traffic leaves 9 s of orders.
    const traffic = startTraffic({
      url: baseURL,
      rate: 20,
      durationSeconds: 20,
      ctr: 0.2,
      cvr: 0.3,
      seed: 2,
      checkoutMs: 11_000,
    });
    const stats = await traffic.finished;
    expect(stats.impressions, JSON.stringify(stats)).toBeGreaterThan(0);

    // Every impression was priced by a prediction, and records it: the report's predicted clicks.
    const { report } = await apiData(
      e2e.server,
      shop,
      'GET',
      `/api/advertiser/reports?time=none&by=campaign`,
    );
    const row = (report as ReportDto).rows.elements.find((r) => r.key === String(roas.id));
    expect(row?.impressions).toBeGreaterThan(0);
    expect(row?.predictedClicks).toBeGreaterThan(0);

    await page.goto(`${advertiserPanel}/campaigns/${roas.id}`);
    const goal = page.getByRole('region', { name: /^Goal/ });
    await goal.getByText(/^ROAS .* against a 100\.00% target: /).waitFor();
    const clicks = goal.getByRole('row', { name: /^Clicks/ });
    const [predicted, actual] = await clicks.locator('td').allTextContents();
    expect(Number(predicted?.replace(',', ''))).toBeCloseTo(row?.predictedClicks ?? 0, 1);
    expect(actual).toBe(shownCount(row?.clicks ?? 0));
    await saveScreenshot(page, 'campaign-target-roas');
    await axeClean(page, 'a target-ROAS campaign’s page');
  }, 120_000);
});
