import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { presetPeriod, todayIn } from './report-periods';
import { ReportsPage } from './reports-page';
import {
  answer,
  campaignChoices,
  emptyReport,
  makeReport,
  pageOf,
  reportCalls,
  reportsOnly,
  reportsPath,
  reportTestHooks,
  rowNamed,
  rowsTable,
  winterSale,
  writer,
} from './test-fixtures';

reportTestHooks();

const path = reportsPath;
const rowOf = (head: string) => rowNamed(rowsTable(), head);

describe('ReportsPage', () => {
  it('shows the totals, the chart and the rows in the report’s currency and the spec’s formats', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': answer(),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path, profile: writer });
    const summary = await screen.findByRole('region', { name: 'Summary' });

    // The first visit takes the API's default period, by day and nothing else.
    expect(Object.fromEntries(reportCalls(calls)[0]?.query ?? [])).toEqual({ time: 'day', by: 'none' });
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
    // Figures not among the default columns are not tiles either.
    expect(within(summary).queryByText('Bids')).not.toBeInTheDocument();
    expect(screen.getByText('Days are counted in your time zone, Europe/Warsaw.')).toBeInTheDocument();

    // A row a day, then the totals.
    expect(rowOf('10.01.2026')).toHaveTextContent('2.71 PLN');
    // A day without impressions has no CTR, CPM, CPC or ROAS: a dash, in words for screen readers.
    const quietDay = within(rowOf('12.01.2026')).getAllByRole('cell');
    expect(quietDay[2]).toHaveTextContent('–');
    expect(quietDay[2]).toHaveTextContent('None: nothing to divide by');
    expect(quietDay[3]).toHaveTextContent('0.00 PLN');
    expect(rowOf('Total')).toHaveTextContent('1,093');
    expect(rowOf('Total')).toHaveTextContent('62.00 PLN');

    // The chart: its caption, and its figures for screen readers.
    expect(
      screen.getByText(/^Spend by day from 10\.01\.2026 to 12\.01\.2026\. The table below the chart/),
    ).toBeInTheDocument();
    const chartTable = screen.getByRole('table', { name: 'The chart’s figures' });
    expect(within(chartTable).getAllByRole('row')).toHaveLength(4);
    expect(within(chartTable).getByRole('rowheader', { name: '10.01.2026' }).closest('tr')).toHaveTextContent(
      '2.71 PLN',
    );
  });

  it('asks for a preset’s days in the advertiser’s time zone (last month too), and for one campaign', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': answer(),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const user = userEvent.setup();
    const today = todayIn('Europe/Warsaw');

    await user.click(screen.getByRole('button', { name: 'Last 30 days' }));
    const last30 = presetPeriod('last30', today);
    await waitFor(() => expect(reportCalls(calls).at(-1)?.query.get('from')).toBe(last30.from));
    expect(reportCalls(calls).at(-1)?.query.get('to')).toBe(last30.to);
    expect(await screen.findByRole('button', { name: 'Last 30 days', pressed: true })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Last month' }));
    const lastMonth = presetPeriod('lastMonth', today);
    await waitFor(() => expect(reportCalls(calls).at(-1)?.query.get('from')).toBe(lastMonth.from));
    expect(reportCalls(calls).at(-1)?.query.get('to')).toBe(lastMonth.to);
    expect(lastMonth.from.slice(8)).toBe('01');
    expect(await screen.findByRole('button', { name: 'Last month', pressed: true })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Custom', pressed: false })).toBeInTheDocument();

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Campaign' }), 'Quiet teaser');
    await waitFor(() => expect(reportCalls(calls).at(-1)?.query.get('campaignId')).toBe('4'));
    expect(reportCalls(calls).at(-1)?.query.get('from')).toBe(lastMonth.from);
  });

  it('takes typed days as a custom period, and refuses a period the API would refuse without asking it', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': answer(),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path: `${path}?from=2026-01-10&to=2026-01-12`, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    expect(screen.getByRole('button', { name: 'Custom', pressed: true })).toBeInTheDocument();
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

  it('offers hours only for periods of at most 31 days, and says why the API refuses longer ones', async () => {
    const calls = stubApi({
      'GET /advertiser/reports': answer(),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path: `${path}?from=2026-01-01&to=2026-01-31`, profile: writer });
    await screen.findByRole('region', { name: 'Summary' });
    const time = screen.getByRole('combobox', { name: 'Time' });
    expect(within(time).getByRole('option', { name: 'By hour' })).toBeEnabled();
    const user = userEvent.setup();

    // 32 days: hours are off.
    const to = screen.getByRole('textbox', { name: 'To' });
    await user.clear(to);
    await user.type(to, '01.02.2026');
    await waitFor(() => expect(reportCalls(calls).at(-1)?.query.get('to')).toBe('2026-02-01'));
    expect(within(time).getByRole('option', { name: 'By hour' })).toBeDisabled();
    expect(screen.getByText('By hour: at most 31 days')).toBeInTheDocument();
    expect(within(time).getByRole('option', { name: 'By week' })).toBeEnabled();
  });

  it('does not ask for hours over a long period from the address, and shows the API’s refusal in the interface language', async () => {
    await i18n.changeLanguage('pl');
    const calls = stubApi({
      'GET /advertiser/reports': validationError({ from: ['A report by hour covers at most 31 days.'] }),
      'GET /advertiser/campaigns': campaignChoices,
    });
    const view = renderPage(<ReportsPage />, {
      path: `${path}?from=2026-01-01&to=2026-02-15&time=hour`,
      profile: writer,
    });
    expect(await screen.findByText('Raport według godzin obejmuje najwyżej 31 dni.')).toBeInTheDocument();
    expect(reportCalls(calls)).toHaveLength(0);
    view.unmount();

    // The API's own check (e.g. of its default period) reads the same.
    renderPage(<ReportsPage />, { path: `${path}?time=hour`, profile: writer });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Raport według godzin obejmuje najwyżej 31 dni.');
    expect(reportCalls(calls).at(-1)?.query.get('time')).toBe('hour');
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
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
    // Without campaigns read there is no campaign to pick.
    expect(screen.queryByRole('combobox', { name: 'Campaign' })).not.toBeInTheDocument();
  });

  it('shows loading, then a failure with a way to try again', async () => {
    let fail = true;
    stubApi({
      'GET /advertiser/reports': () => (fail ? [500, { message: 'Server error', code: 500 }] : answer()),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path, profile: writer });
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    const alert = await screen.findByRole('alert');
    fail = false;
    await userEvent.setup().click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: 'Summary' })).toBeInTheDocument();
  });

  it('speaks Polish, with Polish number formats and month names', async () => {
    await i18n.changeLanguage('pl');
    stubApi({
      'GET /advertiser/reports': answer(
        makeReport({
          time: 'month',
          rows: pageOf([{ ...winterSale, period: '2026-01', key: null, name: null, campaignStatus: null }]),
        }),
      ),
      'GET /advertiser/campaigns': campaignChoices,
    });
    renderPage(<ReportsPage />, { path: `${path}?time=month`, profile: writer });
    const summary = await screen.findByRole('region', { name: 'Podsumowanie' });
    expect(within(summary).getByText('Wydatki').nextElementSibling).toHaveTextContent('2,71 PLN');
    expect(within(summary).getByText('ROAS').nextElementSibling).toHaveTextContent('2290,36%');
    expect(screen.getByRole('button', { name: 'Ostatnie 7 dni' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Poprzedni miesiąc' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('table', { name: 'Wiersze raportu, z sumami' })).getByRole('rowheader', {
        name: /styczeń 2026/i,
      }),
    ).toBeInTheDocument();
  });
});
