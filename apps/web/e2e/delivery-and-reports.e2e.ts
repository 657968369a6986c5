import { randomUUID } from 'node:crypto';
import type { ReportDto } from '@rtb/shared';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { organisationId } from '../../api/src/contexts/organisations/organisations/test-users';
import { startTraffic } from '../../simulator/src/index';
import { axeClean } from './support/axe';
import { MOBILE } from './support/browser';
import { campaignSummary, nextStep } from './support/campaigns';
import { png } from './support/images';
import { moneyFigure } from './support/payments';
import { saveScreenshot } from './support/screenshot';
import { signIn } from './support/session';
import { setupE2E } from './support/setup';
import { demo, panelPrefix } from './support/texts';

// The bidder and its trackers on the server's port; landing pages are checked by requesting
// them (the server's own page answers).
const e2e = setupE2E({ urlVerifyAllowPrivate: true }, { bidder: true });
const advertiserPanel = panelPrefix.advertiser;
const campaignName = 'Simulated sale';
const bannerName = 'simulated-rectangle';

/** Money as the panel shows it in English (spec section 9): '1,000.00 zł' (the currency's symbol). */
const shownMoney = (minorUnits: number, currency: string) =>
  `${new Intl.NumberFormat('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(minorUnits / 100)} ${currency}`;
/** Spend, counted in micro-units (10,000 a minor unit), as the campaign pages show it. */
const shownSpend = (micros: number, currency: string) => shownMoney(micros / 10_000, currency);
const shownCount = (count: number) => new Intl.NumberFormat('en').format(count);

/** A row's texts by the headers of its table's columns. */
async function rowByHeader(table: Locator, row: Locator): Promise<Record<string, string>> {
  // Without the sort marks of the headers that sort.
  const headers = (await table.locator('thead th').allTextContents()).map((h) => h.replace(/[▲▼↕]/g, ''));
  const cells = await row.locator('th, td').allTextContents();
  return Object.fromEntries(headers.map((header, i) => [header.trim(), (cells[i] ?? '').trim()]));
}

/** A figure of the report's summary, by its label. */
const summaryFigure = (page: Page, label: string) =>
  page
    .getByRole('region', { name: 'Summary' })
    .locator('dt', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');

async function adminToken() {
  return e2e.server.t.loginAs(demo.admin.kind, demo.admin.login, demo.admin.password);
}

/** An authenticated API call that must succeed; answers the body's `data`. */
async function apiData(
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  options: { payload?: object; headers?: Record<string, string> } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read response bodies loosely
): Promise<any> {
  const res = await e2e.server.t.call({ method, url, token, ...options });
  expect(res.status, `${method} ${url}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body.data;
}

/** The sum of the advertiser's spend movements on the ledger (minor units, negative). */
async function ledgerSpend(token: string): Promise<number> {
  let sum = 0;
  for (let page = 1; ; page++) {
    const { payments } = await apiData(
      token,
      'GET',
      `/api/advertiser/payments?type=spend&perPage=100&page=${page}`,
    );
    for (const payment of payments.elements) sum += payment.amount;
    if (payments.elements.length < 100) return sum;
  }
}

describe('delivery and reports', () => {
  // Five seconds of traffic on top of a dozen pages: a longer time limit than the usual minute.
  it('the simulator buys a campaign created in the browser; reports, campaigns and payments show it', async () => {
    const { t, baseURL, bidder } = e2e.server;
    if (!bidder) throw new Error('the server has no bidder');
    const shopId = await organisationId(t, 'advertiser', 'Demo Shop');
    const admin = await adminToken();
    // The exchange asks for bids in USD and EUR as well: the bidder converts at the platform's rates.
    for (const [code, rate] of [
      ['USD', '3.95'],
      ['EUR', '4.30'],
    ] as const)
      await apiData(admin, 'POST', '/api/admin/currency-rates', {
        payload: { currencyId: await t.referenceId('currencies', code), rate, validFrom: '2025-01-01' },
      });
    // Demo Shop has no money in the demo data.
    await apiData(admin, 'POST', `/api/admin/advertisers/${shopId}/top-ups`, {
      headers: { 'idempotency-key': randomUUID() },
      payload: { type: 'manual_top_up', amount: 100_000, reason: 'Funds for the simulated traffic' },
    });

    const { context, page } = await e2e.open();
    const shop = await signIn(context, e2e.server, demo.advertiser);
    const before = (await apiData(shop, 'GET', '/api/advertiser/payments/overview')).paymentsOverview;
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
    const { banners } = await apiData(shop, 'GET', '/api/advertiser/banners');
    const banner = banners.elements.find((b: { name: string }) => b.name === bannerName);
    await apiData(admin, 'PUT', `/api/admin/banners/${banner.id}/review`, {
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
    const { campaigns } = await apiData(shop, 'GET', '/api/advertiser/campaigns');
    const campaign = campaigns.elements.find((c: { name: string }) => c.name === campaignName);
    await bidder.live.settled();
    expect(bidder.live.campaign(campaign.id)).toBeDefined();
    const traffic = startTraffic({ url: baseURL, rate: 20, durationSeconds: 5, ctr: 0.2, cvr: 0.3, seed: 1 });
    const stats = await traffic.finished;
    expect(stats.impressions, JSON.stringify(stats)).toBeGreaterThan(0);

    // Reports: the figures on screen are the API's, for the period and for the campaign.
    const byCampaign = '?time=none&by=campaign';
    const report: ReportDto = (await apiData(shop, 'GET', `/api/advertiser/reports${byCampaign}`)).report;
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
    expect(await summaryFigure(page, 'Spend').textContent()).toBe(spend);
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
    const after = (await apiData(shop, 'GET', '/api/advertiser/payments/overview')).paymentsOverview;
    expect(after.balance).toBeLessThan(before.balance);
    expect(after.balance - before.balance).toBe(await ledgerSpend(shop));
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
});
