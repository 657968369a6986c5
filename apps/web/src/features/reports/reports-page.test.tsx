import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { stubResizeObserver } from '../payments/test-fixtures';
import { presetPeriod, todayIn } from './report-periods';
import { ReportsPage } from './reports-page';
import { emptyReport, makeReport, reportsOnly, writer } from './test-fixtures';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  stubResizeObserver();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const path = '/panel/advertiser/reports';
const campaigns = [
  200,
  {
    data: {
      campaigns: {
        elements: [
          { id: 3, name: 'Winter sale' },
          { id: 4, name: 'Quiet teaser' },
        ],
      },
    },
  },
] as const;
const answer = (report = makeReport()) => [200, { data: { report } }] as const;
const reportCalls = (calls: Call[]) => calls.filter((call) => call.path === '/advertiser/reports');
const table = (caption: string) => screen.getByRole('table', { name: caption });
const rowOf = (tableName: string, head: string) =>
  within(table(tableName)).getByRole('rowheader', { name: head }).closest('tr') as HTMLElement;

describe('ReportsPage', () => {
  it('shows the totals, the campaigns and the days in the report’s currency and the spec’s formats', async () => {
    const calls = stubApi({ 'GET /advertiser/reports': answer(), 'GET /advertiser/campaigns': campaigns });
    renderPage(<ReportsPage />, { path, profile: writer });
    const summary = await screen.findByRole('region', { name: 'Summary' });

    // The first visit takes the API's default period.
    expect([...(reportCalls(calls)[0]?.query.keys() ?? [])]).toEqual([]);
    const tile = (label: string) => within(summary).getByText(label).nextElementSibling;
    expect(tile('Impressions')).toHaveTextContent('1,093');
    expect(tile('Clicks')).toHaveTextContent('11');
    expect(tile('CTR')).toHaveTextContent('1.01%');
    expect(tile('Spend')).toHaveTextContent('2.71 PLN');
    expect(tile('CPM')).toHaveTextContent('2.48 PLN');
    expect(tile('CPC')).toHaveTextContent('0.25 PLN');
    expect(tile('Conversions')).toHaveTextContent('4');
    expect(tile('Conversion value')).toHaveTextContent('62.00 PLN');
    expect(tile('ROAS')).toHaveTextContent('2,290.36%');
    expect(screen.getByText('Days are counted in your time zone, Europe/Warsaw.')).toBeInTheDocument();

    const byCampaign = 'Delivery by campaign, with the totals';
    const sale = rowOf(byCampaign, 'Winter sale');
    expect(within(sale).getByRole('link', { name: 'Winter sale' })).toHaveAttribute(
      'href',
      '/panel/advertiser/campaigns/3',
    );
    expect(sale).toHaveTextContent('Active');
    expect(sale).toHaveTextContent('1,003');
    expect(sale).toHaveTextContent('2.51 PLN');
    expect(rowOf(byCampaign, 'Quiet teaser')).toHaveTextContent('Paused');
    const totals = rowOf(byCampaign, 'Total');
    expect(totals).toHaveTextContent('1,093');
    expect(totals).toHaveTextContent('62.00 PLN');

    const byDay = 'Delivery by day, with the totals';
    expect(rowOf(byDay, '10.01.2026')).toHaveTextContent('2.71 PLN');
    // A day without impressions has no CTR, CPM, CPC or ROAS: a dash, in words for screen readers.
    const quietDay = within(rowOf(byDay, '12.01.2026')).getAllByRole('cell');
    expect(quietDay[2]).toHaveTextContent('–');
    expect(quietDay[2]).toHaveTextContent('None: nothing to divide by');
    expect(quietDay[3]).toHaveTextContent('0.00 PLN');

    // The chart's figures for screen readers.
    const chartTable = table('Impressions and spend by day');
    expect(within(chartTable).getAllByRole('row')).toHaveLength(4);
    expect(
      screen.getByText(/from 10\.01\.2026 to 12\.01\.2026: 1,093 impressions, 2\.71 PLN spent/),
    ).toBeInTheDocument();
  });

  it('asks for a preset’s days in the advertiser’s time zone, and for one campaign', async () => {
    const calls = stubApi({ 'GET /advertiser/reports': answer(), 'GET /advertiser/campaigns': campaigns });
    renderPage(<ReportsPage />, { path, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    const last30 = presetPeriod('last30', todayIn('Europe/Warsaw'));
    await waitFor(() => expect(reportCalls(calls).at(-1)?.query.get('from')).toBe(last30.from));
    expect(reportCalls(calls).at(-1)?.query.get('to')).toBe(last30.to);
    expect(await screen.findByRole('button', { name: 'Last 30 days', pressed: true })).toBeInTheDocument();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Campaign' }), 'Quiet teaser');
    await waitFor(() => expect(reportCalls(calls).at(-1)?.query.get('campaignId')).toBe('4'));
    expect(reportCalls(calls).at(-1)?.query.get('from')).toBe(last30.from);
  });

  it('takes typed days, and refuses a period the API would refuse without asking it', async () => {
    const calls = stubApi({ 'GET /advertiser/reports': answer(), 'GET /advertiser/campaigns': campaigns });
    renderPage(<ReportsPage />, { path: `${path}?from=2026-01-10&to=2026-01-12`, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();
    const to = screen.getByRole('textbox', { name: 'To' });

    await user.clear(to);
    await user.type(to, '09.01.2026');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Summary' })).not.toBeInTheDocument();

    const from = screen.getByRole('textbox', { name: 'From' });
    await user.clear(from);
    await user.type(from, '01.01.2025');
    expect(await screen.findByText('A report covers at most 366 days.')).toBeInTheDocument();
    expect(reportCalls(calls).map((call) => call.query.get('to'))).not.toContain('2026-01-09');

    await user.clear(from);
    await user.type(from, '01.01.2026');
    await waitFor(() => expect(reportCalls(calls).at(-1)?.query.get('from')).toBe('2026-01-01'));
    expect(reportCalls(calls).at(-1)?.query.get('to')).toBe('2026-01-09');
  });

  it('says when nothing was delivered, with the way to the campaigns', async () => {
    stubApi({ 'GET /advertiser/reports': answer(emptyReport()) });
    renderPage(<ReportsPage />, { path, profile: reportsOnly });
    expect(await screen.findByText('No delivery in this period yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to campaigns' })).toHaveAttribute(
      'href',
      '/panel/advertiser/campaigns',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    // Without campaigns read there is no campaign to pick.
    expect(screen.queryByRole('combobox', { name: 'Campaign' })).not.toBeInTheDocument();
  });

  it('shows loading, then a failure with a way to try again', async () => {
    let fail = true;
    stubApi({
      'GET /advertiser/reports': () => (fail ? [500, { message: 'Server error', code: 500 }] : answer()),
      'GET /advertiser/campaigns': campaigns,
    });
    renderPage(<ReportsPage />, { path, profile: writer });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
  });

  it('speaks Polish, with Polish number formats', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'GET /advertiser/reports': answer(), 'GET /advertiser/campaigns': campaigns });
    renderPage(<ReportsPage />, { path, profile: writer });
    const summary = await screen.findByRole('region', { name: 'Podsumowanie' });
    expect(within(summary).getByText('Wydatki').nextElementSibling).toHaveTextContent('2,71 PLN');
    expect(within(summary).getByText('ROAS').nextElementSibling).toHaveTextContent('2290,36%');
    expect(screen.getByRole('button', { name: 'Ostatnie 7 dni' })).toBeInTheDocument();
  });
});
