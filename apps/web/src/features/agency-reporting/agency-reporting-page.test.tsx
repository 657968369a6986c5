import { readFileSync } from 'node:fs';
import { agencyReportMetricKeys } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Call, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { currenciesReply } from '../agencies/test-utils';
import { browserTimeZone, presetPeriod, todayIn } from '../reports';
import { headerTexts, reportTestHooks, rowNamed, stubDownloads } from '../reports/test-fixtures';
import { AgencyReportingPage } from './agency-reporting-page';
import {
  addressQuery,
  advertisersAnswer,
  choiceCalls,
  demoShopCampaigns,
  makeAgencyReport,
  nothingDelivered,
  REPORT,
  renderReporting,
  reportAnswer,
  reportCalls,
  reportingPath,
  reportsOnly,
} from './test-fixtures';

reportTestHooks();

const advertisers = advertisersAnswer([
  { id: 8, name: 'Berlin Boutique' },
  { id: 7, name: 'Demo Shop' },
]);
/** The report, and Demo Shop's campaigns when the campaign filter asks. */
const api = (report = makeAgencyReport()) => ({
  [`GET ${REPORT}`]: (call: Call) => reportAnswer(call.query.get('perPage') ? demoShopCampaigns : report),
  'GET /agency/advertisers': advertisers,
  'GET /currencies': currenciesReply,
  'GET /agency/advertisers/7': [200, { data: { advertiser: { id: 7, name: 'Demo Shop' } } }] as const,
});
const lastQuery = (calls: Call[]) => reportCalls(calls).at(-1)?.query;
const table = () =>
  screen.getByRole('table', { name: 'Figures by advertiser, with the totals per currency' });
const rowOf = (head: string) => rowNamed(table(), head);
const headers = () => headerTexts(table());

describe('AgencyReportingPage', () => {
  it('shows the totals and the commission per currency, and each advertiser in its own currency, with its symbol', async () => {
    const calls = stubApi(api());
    renderReporting(<AgencyReportingPage />);
    const totals = await screen.findByRole('region', { name: 'Totals' });
    // Money is written with the symbols of the platform's currencies, once they are read.
    await within(totals).findByRole('heading', { name: 'In zł' });

    // The first visit takes the API's defaults.
    expect([...(lastQuery(calls)?.keys() ?? [])]).toEqual([]);
    expect(screen.getByText(/Each advertiser’s figures count in its own time zone/)).toBeInTheDocument();
    expect(
      within(totals).getByText(/amounts in different currencies are never added up/),
    ).toBeInTheDocument();
    // One card per currency, money never summed across them.
    const card = (currency: string) =>
      within(totals)
        .getByRole('heading', { name: `In ${currency}` })
        .closest('li') as HTMLElement;
    const tile = (currency: string, label: string) =>
      within(card(currency)).getByText(label).nextElementSibling;
    expect(tile('zł', 'Spend')).toHaveTextContent('2.71 zł');
    expect(tile('zł', 'Commission')).toHaveTextContent('0.27 zł');
    expect(tile('zł', 'Impressions')).toHaveTextContent('1,093');
    expect(tile('zł', 'Conversion value')).toHaveTextContent('62.00 zł');
    expect(tile('€', 'Spend')).toHaveTextContent('1.00 €');
    expect(tile('€', 'Commission')).toHaveTextContent('0.15 €');
    expect(within(totals).queryByText(/3\.71/)).not.toBeInTheDocument();

    // The default columns, commission included; the rows sorted by spend (the API's default).
    expect(headers()).toEqual([
      'Advertiser',
      'Impressions',
      'Clicks',
      'CTR',
      'Spend',
      'CPM',
      'CPC',
      'Conversions',
      'Conversion value',
      'ROAS',
      'Commission',
    ]);
    expect(within(table()).getByRole('columnheader', { name: /Spend/ })).toHaveAttribute(
      'aria-sort',
      'descending',
    );
    const shop = rowOf('Demo Shop');
    expect(within(shop).getByRole('link', { name: 'Demo Shop' })).toHaveAttribute(
      'href',
      '/panel/agency/reporting/advertisers/7?from=2026-01-10&to=2026-01-16',
    );
    const shopCells = within(shop)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(shopCells).toEqual([
      '1,093',
      '11',
      '1.01%',
      '2.71 zł',
      '2.48 zł',
      '0.25 zł',
      '4',
      '62.00 zł',
      '2,290.36%',
      '0.27 zł',
    ]);
    // Never clicked: no CPC, a dash with words for screen readers; money in the row's currency.
    const boutique = within(rowOf('Berlin Boutique')).getAllByRole('cell');
    expect(boutique[5]).toHaveTextContent('–');
    expect(boutique[5]).toHaveTextContent('None: nothing to divide by');
    expect(boutique[3]).toHaveTextContent('1.00 €');
    // A totals row per currency.
    expect(within(rowOf('Total, zł')).getAllByRole('cell')[3]).toHaveTextContent('2.71 zł');
    expect(within(rowOf('Total, €')).getAllByRole('cell')[9]).toHaveTextContent('0.15 €');
  });

  it('shows advertiser names as they were entered, not in the column headers’ capitals', async () => {
    // The table's own style sheets, as the browser has them.
    const sheet = document.createElement('style');
    sheet.textContent = ['../../shell/list/list.module.css', '../reports/reports.module.css']
      .map((path) => readFileSync(new URL(path, import.meta.url), 'utf8'))
      .join('\n');
    document.head.append(sheet);
    stubApi(api());
    renderReporting(<AgencyReportingPage />);
    const name = (await screen.findByRole('rowheader', { name: 'Demo Shop' })) as HTMLElement;
    expect(getComputedStyle(name).textTransform).not.toBe('uppercase');
    expect(getComputedStyle(screen.getByRole('columnheader', { name: /Advertiser/ })).textTransform).toBe(
      'uppercase',
    );
    sheet.remove();
  });

  it('asks for what the filters say and keeps them in the address', async () => {
    const calls = stubApi(api());
    renderReporting(<AgencyReportingPage />, `${reportingPath}?page=2`);
    await screen.findByRole('region', { name: 'Totals' });
    const user = userEvent.setup();
    const address = () => addressQuery(screen.getByTestId('search'));
    expect(lastQuery(calls)?.get('page')).toBe('2');

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    const last30 = presetPeriod('last30', todayIn(browserTimeZone()));
    await waitFor(() => expect(lastQuery(calls)?.get('from')).toBe(last30.from));
    expect(lastQuery(calls)?.get('to')).toBe(last30.to);
    // A new filter starts again at the first page.
    expect(lastQuery(calls)?.has('page')).toBe(false);
    expect(address().get('from')).toBe(last30.from);
    expect(await screen.findByRole('button', { name: 'Last 30 days', pressed: true })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    const lastMonth = presetPeriod('lastMonth', todayIn(browserTimeZone()));
    await waitFor(() => expect(lastQuery(calls)?.get('from')).toBe(lastMonth.from));
    expect(lastMonth.from.endsWith('-01')).toBe(true);

    // No campaign to pick before an advertiser is chosen.
    expect(screen.queryByRole('combobox', { name: 'Campaign' })).not.toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Advertiser' }), 'Demo Shop');
    await waitFor(() => expect(lastQuery(calls)?.get('advertiserId')).toBe('7'));
    // The campaigns offered are the advertiser's in the period, from its report by campaign.
    const campaign = await screen.findByRole('combobox', { name: 'Campaign' });
    await within(campaign).findByRole('option', { name: 'Winter sale' });
    const choices = choiceCalls(calls).at(-1)?.query;
    expect(Object.fromEntries(choices ?? [])).toEqual({
      ...lastMonth,
      advertiserId: '7',
      by: 'campaign',
      sort: 'name',
      order: 'asc',
      perPage: '500',
    });
    await user.selectOptions(campaign, 'Winter sale');
    await waitFor(() => expect(lastQuery(calls)?.get('campaignId')).toBe('3'));

    await user.selectOptions(screen.getByRole('combobox', { name: 'Split by' }), 'Campaign');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'By week');
    await waitFor(() => expect(lastQuery(calls)?.get('time')).toBe('week'));
    expect(Object.fromEntries(lastQuery(calls) ?? [])).toEqual({
      ...lastMonth,
      advertiserId: '7',
      campaignId: '3',
      by: 'campaign',
      time: 'week',
    });
    expect(Object.fromEntries(address())).toEqual(Object.fromEntries(lastQuery(calls) ?? []));

    // Another advertiser drops the campaign of the first.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Advertiser' }), 'Berlin Boutique');
    await waitFor(() => expect(lastQuery(calls)?.get('advertiserId')).toBe('8'));
    expect(lastQuery(calls)?.has('campaignId')).toBe(false);
  });

  it('refuses hours over more than 31 days, and a period the API would refuse, without asking it', async () => {
    const calls = stubApi(api());
    renderReporting(<AgencyReportingPage />, `${reportingPath}?from=2026-01-01&to=2026-02-15&time=hour`);
    const time = await screen.findByRole('combobox', { name: 'Time' });
    expect(await screen.findByText('A report by hour covers at most 31 days.')).toBeInTheDocument();
    expect(time).toHaveAttribute('aria-invalid', 'true');
    // Days that match no preset are a custom period.
    expect(screen.getByRole('button', { name: 'Custom', pressed: true })).toBeInTheDocument();
    expect(reportCalls(calls)).toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Totals' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(time, 'By day');
    await waitFor(() => expect(lastQuery(calls)?.get('time')).toBe('day'));
    // Over 31 days, hours cannot be chosen.
    expect(within(time).getByRole('option', { name: 'By hour' })).toBeDisabled();
    expect(screen.getByText('By hour: at most 31 days')).toBeInTheDocument();

    const to = screen.getByRole('textbox', { name: 'To' });
    await user.clear(to);
    await user.type(to, '31.12.2025');
    expect(await screen.findByText('The end date is before the start date.')).toBeInTheDocument();
    expect(reportCalls(calls).map((call) => call.query.get('to'))).not.toContain('2025-12-31');
  });

  it('sorts on the server by the header clicked and pages through the rows', async () => {
    const calls = stubApi(api());
    renderReporting(<AgencyReportingPage />);
    await screen.findByRole('region', { name: 'Totals' });
    const user = userEvent.setup();
    const sortButton = (name: RegExp) => within(table()).getByRole('button', { name });

    // A figure sorts the largest first, the same header again flips it.
    await user.click(sortButton(/Impressions/));
    await waitFor(() => expect(lastQuery(calls)?.get('sort')).toBe('impressions'));
    expect(lastQuery(calls)?.get('order')).toBe('desc');
    await waitFor(() =>
      expect(within(table()).getByRole('columnheader', { name: /Impressions/ })).toHaveAttribute(
        'aria-sort',
        'descending',
      ),
    );
    await user.click(sortButton(/Impressions/));
    await waitFor(() => expect(lastQuery(calls)?.get('order')).toBe('asc'));
    // A name sorts A to Z first.
    await user.click(sortButton(/Advertiser/));
    await waitFor(() => expect(lastQuery(calls)?.get('sort')).toBe('name'));
    expect(lastQuery(calls)?.get('order')).toBe('asc');

    const pages = screen.getByRole('navigation', { name: 'Pages' });
    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(calls)?.get('page')).toBe('2'));
    // The sort stays, and a new sort goes back to the first page.
    expect(lastQuery(calls)?.get('sort')).toBe('name');
    await user.click(sortButton(/Commission/));
    await waitFor(() => expect(lastQuery(calls)?.get('sort')).toBe('commissionMicros'));
    expect(lastQuery(calls)?.has('page')).toBe(false);
  });

  it('shows the columns picked, and remembers them', async () => {
    stubApi(api());
    const first = renderReporting(<AgencyReportingPage />);
    await screen.findByRole('region', { name: 'Totals' });
    const user = userEvent.setup();
    await user.click(screen.getByText('Columns (10 of 24)'));
    await user.click(screen.getByRole('checkbox', { name: 'Commission' }));
    await user.click(screen.getByRole('checkbox', { name: 'Bids' }));
    expect(headers()).toContain('Bids');
    expect(headers()).not.toContain('Commission');
    expect(within(rowOf('Demo Shop')).getAllByRole('cell')[0]).toHaveTextContent('5,000');
    first.unmount();

    renderReporting(<AgencyReportingPage />);
    await screen.findByRole('region', { name: 'Totals' });
    expect(headers().slice(0, 3)).toEqual(['Advertiser', 'Bids', 'Impressions']);
    expect(headers()).not.toContain('Commission');
    expect(screen.getByText('Columns (10 of 24)')).toBeInTheDocument();
  });

  it('keeps at least one column', async () => {
    window.localStorage.setItem('agency_report_columns', JSON.stringify(['roas', 'unknown']));
    stubApi(api());
    renderReporting(<AgencyReportingPage />);
    await screen.findByRole('region', { name: 'Totals' });
    expect(headers()).toEqual(['Advertiser', 'ROAS']);
    expect(screen.getByRole('checkbox', { name: 'ROAS' })).toBeDisabled();
  });

  it('exports exactly the report on screen through a one-use download link', async () => {
    window.localStorage.setItem('agency_report_columns', 'commissionMicros,spendMicros,impressions');
    const calls = stubApi({
      ...api(),
      'POST /agency/download-links': (call) => [
        200,
        { data: { url: `${String(call.body?.path)}&authorization=once` } },
      ],
    });
    const tab = stubDownloads();
    renderReporting(
      <AgencyReportingPage />,
      `${reportingPath}?advertiserId=7&by=campaign&time=day&sort=clicks&order=asc&page=2`,
    );
    await screen.findByRole('region', { name: 'Totals' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(tab.location.href).toContain('authorization=once'));
    const linked = (index: number) => {
      const path = String(calls.filter((call) => call.path === '/agency/download-links')[index]?.body?.path);
      const [pathname, query] = path.split('?');
      return { pathname, query: Object.fromEntries(new URLSearchParams(query)) };
    };
    // The filters and sort of the address, the period the report answered (the address has
    // none), every row (no page), the columns in the table's order.
    expect(linked(0)).toEqual({
      pathname: '/api/agency/advertiser-campaign-stats/export',
      query: {
        from: '2026-01-10',
        to: '2026-01-16',
        advertiserId: '7',
        by: 'campaign',
        time: 'day',
        sort: 'clicks',
        order: 'asc',
        format: 'csv',
        style: 'locale',
        locale: 'en',
        columns: 'impressions,spendMicros,commissionMicros',
      },
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Numbers and dates' }), 'Plain (ISO)');
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/agency/download-links')).toHaveLength(2),
    );
    expect(linked(1).query).toMatchObject({ format: 'xlsx', style: 'iso', locale: 'en' });
    // The session token never goes into a link.
    expect(tab.location.href).not.toContain('Bearer');
  });

  it('leads to adding an advertiser when the agency has none', async () => {
    const calls = stubApi({ ...api(), 'GET /agency/advertisers': advertisersAnswer([]) });
    renderReporting(<AgencyReportingPage />);
    expect(await screen.findByText('No advertisers yet')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an advertiser' })).toHaveAttribute(
      'href',
      '/panel/agency/advertisers/new',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/agency/advertisers')).toBe(true);
  });

  it('says when nothing was delivered in the period; a reader of reports only has no advertiser filter', async () => {
    const calls = stubApi(api(nothingDelivered()));
    renderReporting(<AgencyReportingPage />, reportingPath, reportsOnly);
    expect(await screen.findByText('Nothing delivered in this period')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Advertiser' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Split by' })).toBeInTheDocument();
    // Nor does it ask for the advertisers it may not read.
    expect(calls.some((call) => call.path === '/agency/advertisers')).toBe(false);
  });

  it('shows loading, then a failure with a way to try again', async () => {
    let fail = true;
    stubApi({
      ...api(),
      [`GET ${REPORT}`]: () =>
        fail ? [500, { message: 'Server error', code: 500 }] : reportAnswer(makeAgencyReport()),
    });
    renderReporting(<AgencyReportingPage />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeInTheDocument();
  });

  it('speaks Polish, with Polish number formats and month names', async () => {
    await i18n.changeLanguage('pl');
    stubApi(
      api(
        makeAgencyReport({
          time: 'month',
          rows: {
            elements: makeAgencyReport().rows.elements.map((row) => ({ ...row, period: '2026-01' })),
            meta: { page: 1, perPage: 25, total: 2, lastPage: 1 },
          },
        }),
      ),
    );
    renderReporting(<AgencyReportingPage />);
    const totals = await screen.findByRole('region', { name: 'Sumy' });
    const card = (await within(totals).findByRole('heading', { name: 'W zł' })).closest('li') as HTMLElement;
    expect(within(card).getByText('Prowizja').nextElementSibling).toHaveTextContent('0,27 zł');
    expect(screen.getByRole('button', { name: 'Poprzedni miesiąc' })).toBeInTheDocument();
    const polishTable = screen.getByRole('table', {
      name: 'Dane według reklamodawców, z sumami dla każdej waluty',
    });
    expect(within(polishTable).getAllByText('styczeń 2026')).toHaveLength(2);
    expect(within(polishTable).getAllByRole('columnheader')).toHaveLength(
      2 + 10, // period, advertiser and the default figures
    );
    expect(agencyReportMetricKeys).toHaveLength(24);
  });
});
