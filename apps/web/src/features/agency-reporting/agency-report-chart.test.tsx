import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type Call, stubApi } from '../../account/account-test-utils';
import { currenciesReply } from '../agencies/test-utils';
import { reportTestHooks } from '../reports/test-fixtures';
import { AgencyReportingPage } from './agency-reporting-page';
import {
  addressQuery,
  advertisersAnswer,
  boutique,
  chartOf,
  demoShop,
  makeAgencyReport,
  noDelivery,
  REPORT,
  renderReporting,
  reportAnswer,
  reportCalls,
  reportingPath,
} from './test-fixtures';

reportTestHooks();

/** The report; compared, with last week's PLN spend (1.00 zł) and no EUR then. */
const compared = makeAgencyReport({
  previous: {
    from: '2026-01-03',
    to: '2026-01-09',
    totals: [{ currency: 'PLN', ...noDelivery, spendMicros: 1_000_000, impressions: 500 }],
  },
  charts: [
    { ...chartOf('EUR', boutique), previous: chartOf('EUR', noDelivery).chart },
    { ...chartOf('PLN', demoShop), previous: chartOf('PLN', noDelivery).chart },
  ],
});
const api = () => ({
  [`GET ${REPORT}`]: (call: Call) =>
    reportAnswer(call.query.get('compare') === 'previous' ? compared : makeAgencyReport()),
  'GET /agency/advertisers': advertisersAnswer([{ id: 7, name: 'Demo Shop' }]),
  'GET /currencies': currenciesReply,
});
const chartTable = () => screen.getByRole('table', { name: 'The chart’s figures' });

describe('the agency report’s chart and comparison (before opening an advertiser)', () => {
  it('draws the report over time, one currency at a time, the currency kept in the address', async () => {
    stubApi(api());
    renderReporting(<AgencyReportingPage />);
    const chart = await screen.findByRole('figure', { name: 'Over time' });
    // The first currency's (EUR) spend on its third day.
    await within(chartTable()).findByRole('rowheader', { name: /12\.01\.2026/ });
    const row = within(chartTable())
      .getByRole('rowheader', { name: /12\.01\.2026/ })
      .closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('1.00 €');
    expect(within(chart).getByRole('button', { name: 'Bars' })).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Chart currency'), 'PLN');
    await waitFor(() => expect(addressQuery(screen.getByTestId('search')).get('currency')).toBe('PLN'));
    const plnRow = within(chartTable())
      .getByRole('rowheader', { name: /12\.01\.2026/ })
      .closest('tr');
    expect(plnRow).toHaveTextContent('2.71 zł');
  });

  it('compares with the previous period: asked of the API, each currency’s tiles with the change, the chart dashed', async () => {
    const calls = stubApi(api());
    renderReporting(<AgencyReportingPage />, `${reportingPath}?currency=PLN`);
    await screen.findByRole('figure', { name: 'Over time' });
    await userEvent.click(screen.getByRole('checkbox', { name: 'Compare with the previous period' }));
    await screen.findByText('Compared with 03.01.2026 – 09.01.2026.');
    expect(reportCalls(calls).at(-1)?.query.get('compare')).toBe('previous');
    expect(addressQuery(screen.getByTestId('search')).get('compare')).toBe('previous');
    const totals = screen.getByRole('region', { name: 'Totals' });
    const card = within(totals).getByRole('heading', { name: 'In zł' }).closest('li') as HTMLElement;
    const spend = within(card).getByText('Spend').parentElement as HTMLElement;
    // 2.71 zł against 1.00 zł: up 170.7%.
    expect(spend).toHaveTextContent('Previous period: 1.00 zł');
    expect(spend).toHaveTextContent(/up 170\.7\d?% on the previous period/);
    expect(
      within(chartTable()).getByRole('columnheader', { name: 'Spend, previous period' }),
    ).toBeInTheDocument();
  });
});
