import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Call, renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { currenciesReply } from '../agencies/test-utils';
import { ReportsPage } from './reports-page';
import {
  answer,
  byCampaign,
  byCampaignSeries,
  campaignChoices,
  compared,
  headerTexts,
  makeReport,
  pageOf,
  quietTeaser,
  reportCalls,
  reportsPath,
  reportTestHooks,
  rowsTable,
  stubDownloads,
  winterSale,
  writer,
} from './test-fixtures';

reportTestHooks();

const path = reportsPath;
const headers = () => headerTexts(rowsTable());
const lastQuery = (calls: Call[]) => Object.fromEntries(reportCalls(calls).at(-1)?.query ?? []);
const columnHeader = (name: string) =>
  within(rowsTable())
    .getByRole('button', { name: new RegExp(`^${name}`) })
    .closest('th') as HTMLElement;

describe('ReportView', () => {
  it('asks for the grouping chosen, and shows campaigns with their status and page', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': (call) =>
        call.query.get('by') === 'campaign' ? answer(byCampaign()) : answer(),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'By week');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ time: 'week', by: 'none' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'Whole period');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Split by' }), 'Campaign');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ time: 'none', by: 'campaign' }));

    await waitFor(() => expect(headers()[0]).toBe('Campaign'));
    const sale = within(rowsTable())
      .getByRole('rowheader', { name: /Winter sale/ })
      .closest('tr') as HTMLElement;
    expect(within(sale).getByRole('link', { name: 'Winter sale' })).toHaveAttribute(
      'href',
      '/panel/advertiser/campaigns/3',
    );
    expect(sale).toHaveTextContent('Active');
    expect(sale).toHaveTextContent('1,003');
    expect(sale).toHaveTextContent('2.51 PLN');
    expect(within(rowsTable()).getByRole('rowheader', { name: /Quiet teaser/ })).toHaveTextContent('Paused');
    expect(screen.getByRole('combobox', { name: 'Split by' })).toHaveValue('campaign');
  });

  it('names countries in the interface language, device types in words and the unknown as such', async () => {
    stubApi({
      'GET /advertiser/reports': (call) =>
        answer(
          makeReport({
            time: 'none',
            by: call.query.get('by') as 'country',
            rows: pageOf(
              call.query.get('by') === 'country'
                ? [
                    { ...winterSale, key: 'DE', name: null, campaignStatus: null },
                    { ...quietTeaser, key: '', name: null, campaignStatus: null },
                  ]
                : [{ ...winterSale, key: 'mobile', name: null, campaignStatus: null }],
            ),
          }),
        ),
    });
    const view = renderPage(<ReportsPage />, { path: `${path}?by=country&time=none`, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    expect(within(rowsTable()).getByRole('rowheader', { name: 'Germany' })).toBeInTheDocument();
    expect(within(rowsTable()).getByRole('rowheader', { name: 'Unknown' })).toBeInTheDocument();
    view.unmount();

    await i18n.changeLanguage('pl');
    renderPage(<ReportsPage />, { path: `${path}?by=deviceType&time=none`, profile: writer });
    await screen.findByRole('region', { name: 'Podsumowanie' });
    expect(
      within(screen.getByRole('table', { name: 'Wiersze raportu, z sumami' })).getByRole('rowheader', {
        name: 'Telefon',
      }),
    ).toBeInTheDocument();
  });

  it('sorts on the server by the header clicked, and turns the order round on a second click', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': answer(),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();
    // By day, the API's order is time order.
    expect(columnHeader('Period')).toHaveAttribute('aria-sort', 'ascending');
    expect(columnHeader('Impressions')).not.toHaveAttribute('aria-sort');

    await user.click(within(columnHeader('Impressions')).getByRole('button'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'impressions', order: 'desc' }));
    expect(columnHeader('Impressions')).toHaveAttribute('aria-sort', 'descending');
    expect(columnHeader('Period')).not.toHaveAttribute('aria-sort');

    await user.click(within(columnHeader('Impressions')).getByRole('button'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'impressions', order: 'asc' }));
    expect(columnHeader('Impressions')).toHaveAttribute('aria-sort', 'ascending');

    await user.click(within(columnHeader('Period')).getByRole('button'));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'period', order: 'asc' }));

    // Without time there is no period to sort by: the sort goes back to the API's.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time' }), 'Whole period');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ time: 'none', by: 'none' }));
  });

  it('pages on the server, and goes back to the first page when the report changes', async () => {
    const many = makeReport({
      rows: pageOf(makeReport().rows.elements, { total: 60, perPage: 25 }),
    });
    const calls = stubApi({
      'GET /advertiser/reports': (call) =>
        answer({
          ...many,
          rows: { ...many.rows, meta: { ...many.rows.meta, page: Number(call.query.get('page') ?? 1) } },
        }),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();
    const pages = screen.getByRole('navigation', { name: /pag/i });
    expect(pages).toHaveTextContent('1–25 of 60');

    await user.click(within(pages).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '2' }));
    expect(await within(pages).findByText(/26–50 of 60/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Yesterday' }));
    await waitFor(() => expect(lastQuery(calls).from).toBeDefined());
    expect(lastQuery(calls).page).toBeUndefined();
  });

  it('shows the columns picked, keeps them for the next visit, and never drops the last one', async () => {
    stubApi({ 'GET /advertiser/reports': answer(), 'GET /advertiser/campaigns': campaignChoices });
    const view = renderPage(<ReportsPage />, { path, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();
    expect(headers()).toEqual([
      'Period',
      'Impressions',
      'Clicks',
      'CTR',
      'Spend',
      'CPM',
      'CPC',
      'Conversions',
      'Conversion value',
      'ROAS',
    ]);

    await user.click(screen.getByText('Columns (9 of 23)'));
    await user.click(screen.getByRole('checkbox', { name: 'Bids' }));
    await user.click(screen.getByRole('checkbox', { name: 'CTR' }));
    await user.click(screen.getByRole('checkbox', { name: 'Post-view conversions' }));
    await user.click(screen.getByRole('checkbox', { name: 'Postback conversions' }));
    // Where conversions come from is said beside the choice.
    expect(screen.getByText(/Where conversions come from: postbacks from your shop's server/)).toBeVisible();
    // In the report's order, whatever the order of the clicks.
    expect(headers()).toEqual([
      'Period',
      'Bids',
      'Impressions',
      'Clicks',
      'Spend',
      'CPM',
      'CPC',
      'Post-view conversions',
      'Conversions',
      'Postback conversions',
      'Conversion value',
      'ROAS',
    ]);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Bids').nextElementSibling).toHaveTextContent('5,000');
    expect(within(summary).getByText('Postback conversions').nextElementSibling).toHaveTextContent('2');
    expect(within(summary).queryByText('CTR')).not.toBeInTheDocument();
    view.unmount();

    renderPage(<ReportsPage />, { path, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    expect(headers()).toContain('Bids');
    expect(headers()).not.toContain('CTR');

    // Down to one: that one cannot be unticked.
    await user.click(screen.getByText('Columns (11 of 23)'));
    for (const name of [
      'Impressions',
      'Clicks',
      'Spend',
      'CPM',
      'CPC',
      'Post-view conversions',
      'Conversions',
      'Postback conversions',
      'Conversion value',
      'ROAS',
    ])
      await user.click(screen.getByRole('checkbox', { name }));
    expect(headers()).toEqual(['Period', 'Bids']);
    expect(screen.getByRole('checkbox', { name: 'Bids' })).toBeDisabled();
    expect(screen.getByText('At least one column stays shown.')).toBeInTheDocument();
  });

  it('offers the models’ predictions and the shading’s saving as columns, a dash where no model scored', async () => {
    stubApi({
      'GET /advertiser/reports': (call) =>
        call.query.get('by') === 'campaign' ? answer(byCampaign()) : answer(),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path: `${path}?time=none&by=campaign`, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();
    await user.click(screen.getByText('Columns (9 of 23)'));
    for (const name of [
      'Predicted clicks',
      'Predicted post-click conversions',
      'Saved by bid shading',
      'Saved by bid shading (% of full bids)',
    ])
      await user.click(screen.getByRole('checkbox', { name }));
    expect(
      screen.getByText(/Predicted clicks and conversions: what the click and conversion models/),
    ).toBeVisible();
    expect(headers().slice(-4)).toEqual([
      'Predicted clicks',
      'Predicted post-click conversions',
      'Saved by bid shading',
      'Saved by bid shading (% of full bids)',
    ]);
    const cells = (name: RegExp) =>
      within(within(rowsTable()).getByRole('rowheader', { name }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .slice(-4)
        .map((cell) => cell.textContent);
    // Fractions of clicks added up, with 2 decimals; the saving in money and as a share of the full bids.
    expect(cells(/Winter sale/)).toEqual(['9.50', '0.83', '0.18 PLN', '10.00%']);
    // Shown before any model, never shaded: no prediction, said as such, and no share of nothing.
    expect(cells(/Quiet teaser/)).toEqual([
      '–None: no model had scored these impressions yet',
      '–None: no model had scored these impressions yet',
      '0.00 PLN',
      '–None: nothing to divide by',
    ]);
    const summary = screen.getByRole('region', { name: 'Summary' });
    expect(within(summary).getByText('Predicted clicks').nextElementSibling).toHaveTextContent('9.50');
  });

  it("writes money with the symbol of the platform's currency: tiles, previous figures, rows and chart", async () => {
    stubApi({
      'GET /advertiser/reports': answer(compared()),
      'GET /advertiser/campaigns': campaignChoices,
      'GET /currencies': currenciesReply,
    });
    renderPage(<ReportsPage />, { path: `${path}?compare=previous`, profile: writer });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    const spend = () => within(summary).getByText('Spend').closest('div') as HTMLElement;
    await waitFor(() => expect(spend()).toHaveTextContent('2.71 zł'));
    expect(spend()).toHaveTextContent('Previous period: 2.00 zł');
    const total = within(rowsTable()).getByRole('rowheader', { name: 'Total' }).closest('tr') as HTMLElement;
    expect(total).toHaveTextContent('2.71 zł');
    expect(total).toHaveTextContent('62.00 zł');
    expect(screen.getByRole('table', { name: 'The chart’s figures' })).toHaveTextContent('2.71 zł');
    expect(document.body).not.toHaveTextContent('PLN');
  });

  it('compares with the previous period: each tile has the previous figure and the change, a dash when there was none', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': (call) =>
        answer(call.query.get('compare') === 'previous' ? compared() : makeReport()),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path, profile: writer });
    const summary = await screen.findByRole('region', { name: 'Summary' });
    expect(within(summary).queryByText(/Previous period/)).not.toBeInTheDocument();

    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Compare with the previous period' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ compare: 'previous' }));
    expect(await within(summary).findByText('Compared with 07.01.2026 – 09.01.2026.')).toBeInTheDocument();
    const tile = (label: string) => within(summary).getByText(label).closest('div') as HTMLElement;

    // 1,093 impressions after 1,000: up 9.30%, good news.
    expect(tile('Impressions')).toHaveTextContent('Previous period: 1,000');
    expect(tile('Impressions')).toHaveTextContent('▲ +9.30%');
    expect(tile('Impressions')).toHaveTextContent('up 9.30% on the previous period');
    expect(tile('Impressions').querySelector('[data-tone]')).toHaveAttribute('data-tone', 'good');
    // A dearer click is bad news.
    expect(tile('CPC')).toHaveTextContent('up 23.05% on the previous period');
    expect(tile('CPC').querySelector('[data-tone]')).toHaveAttribute('data-tone', 'bad');
    // No conversions before (0) and no ROAS before (null): nothing to compare with, a dash.
    for (const label of ['Conversions', 'ROAS']) {
      expect(tile(label)).toHaveTextContent('–');
      expect(tile(label)).toHaveTextContent('No change to show: the previous period had none');
      expect(tile(label).querySelector('[data-tone]')).toBeNull();
    }
    expect(tile('ROAS')).toHaveTextContent('Previous period: –');
    expect(tile('Conversions')).toHaveTextContent('Previous period: 0');

    // The chart has the previous period beside, and says so.
    expect(
      screen.getByText(/Dashed: the previous period, 07\.01\.2026 to 09\.01\.2026\./),
    ).toBeInTheDocument();
    const chartTable = screen.getByRole('table', { name: 'The chart’s figures' });
    expect(
      within(chartTable).getByRole('columnheader', { name: 'Spend, previous period' }),
    ).toBeInTheDocument();
  });

  it('charts the metrics picked, the second on the right axis, as lines or bars, kept in the address', async () => {
    stubApi({ 'GET /advertiser/reports': answer(), 'GET /advertiser/campaigns': campaignChoices });
    renderPage(<ReportsPage />, { path, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Metric (left axis)' }), 'Clicks');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Second metric (right axis)' }), 'CTR');
    await user.click(screen.getByRole('button', { name: 'Bars' }));
    expect(screen.getByRole('button', { name: 'Bars', pressed: true })).toBeInTheDocument();
    expect(
      screen.getByText(/^Clicks \(left axis\) and CTR \(right axis\) by day from 10\.01\.2026/),
    ).toBeInTheDocument();
    const chartTable = screen.getByRole('table', { name: 'The chart’s figures' });
    expect(
      within(chartTable)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Period', 'Clicks', 'CTR']);
    // The day without impressions has no CTR.
    expect(within(chartTable).getByRole('rowheader', { name: '11.01.2026' }).closest('tr')).toHaveTextContent(
      'None: nothing to divide by',
    );
  });

  it('charts a line per campaign when split, the top ones by the metric asked of the API, or the total', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': (call) =>
        answer(call.query.has('series') ? byCampaignSeries() : byCampaign({ time: 'day' })),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path: `${path}?by=campaign`, profile: writer });
    const legend = await screen.findByRole('list', { name: 'Chart legend' });
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Winter sale', 'Quiet teaser', 'Other']);
    expect(lastQuery(calls)).toEqual({ time: 'day', by: 'campaign', series: 'spendMicros' });
    const user = userEvent.setup();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Metric (left axis)' }), 'Clicks');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ by: 'campaign', series: 'clicks' }));
    await user.click(screen.getByRole('button', { name: 'Total' }));
    await waitFor(() => expect(lastQuery(calls)).toEqual({ time: 'day', by: 'campaign' }));
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Chart legend' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Total', pressed: true })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'By campaign' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ series: 'clicks' }));
    // Two metrics are drawn as totals, one per axis.
    await user.selectOptions(screen.getByRole('combobox', { name: 'Second metric (right axis)' }), 'CTR');
    await waitFor(() => expect(lastQuery(calls)).toEqual({ time: 'day', by: 'campaign' }));
    expect(screen.getByRole('button', { name: 'Total', pressed: true })).toBeInTheDocument();
  });

  it('exports exactly the report on screen, with the columns shown, through a download link', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': (call) =>
        answer(byCampaign({ previous: compared().previous, time: call.query.get('time') as 'week' })),
      'GET /advertiser/campaigns': campaignChoices,
      'POST /advertiser/download-links': [
        200,
        { data: { url: '/api/advertiser/reports/export?authorization=t' } },
      ],
    });
    const tab = stubDownloads();
    renderPage(<ReportsPage />, {
      path: `${path}?time=week&by=campaign&campaignId=3&compare=previous&sort=clicks&order=desc&page=2`,
      profile: writer,
    });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();
    await user.click(screen.getByText('Columns (9 of 23)'));
    await user.click(screen.getByRole('checkbox', { name: 'Bids' }));
    await user.click(screen.getByRole('checkbox', { name: 'ROAS' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Numbers and dates' }), 'Plain (ISO)');
    await user.click(screen.getByRole('button', { name: 'Export XLSX' }));

    await waitFor(() => expect(tab.location.href).toContain('authorization=t'));
    const link = calls.find((call) => call.path === '/advertiser/download-links');
    const asked = new URL(String(link?.body?.path), 'http://panel.test');
    expect(asked.pathname).toBe('/api/advertiser/reports/export');
    expect(Object.fromEntries(asked.searchParams)).toEqual({
      // The days the report answered, so the export is the same period even when the address has none.
      from: '2026-01-10',
      to: '2026-01-12',
      campaignId: '3',
      time: 'week',
      by: 'campaign',
      compare: 'previous',
      sort: 'clicks',
      order: 'desc',
      format: 'xlsx',
      style: 'iso',
      locale: 'en',
      columns: 'bids,impressions,clicks,ctr,spendMicros,cpmMicros,cpcMicros,conversions,conversionValueMinor',
    });

    // As on screen, in Polish: CSV with the Polish locale.
    await i18n.changeLanguage('pl');
    await user.selectOptions(
      screen.getByRole('combobox', { name: 'Liczby i daty' }),
      'Jak na ekranie (polski)',
    );
    await user.click(screen.getByRole('button', { name: 'Eksportuj CSV' }));
    await waitFor(() =>
      expect(calls.filter((call) => call.path === '/advertiser/download-links')).toHaveLength(2),
    );
    const second = new URL(
      String(calls.filter((call) => call.path === '/advertiser/download-links').at(-1)?.body?.path),
      'http://panel.test',
    );
    expect(second.searchParams.get('format')).toBe('csv');
    expect(second.searchParams.get('style')).toBe('locale');
    expect(second.searchParams.get('locale')).toBe('pl');
  });
});
