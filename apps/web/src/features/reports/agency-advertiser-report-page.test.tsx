import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { AgencyAdvertiserReportPage } from './agency-advertiser-report-page';
import { answer, byCampaign, reportCalls, reportTestHooks, stubDownloads } from './test-fixtures';

reportTestHooks();

const route = '/panel/agency/reporting/advertisers/:advertiserId';
const agency = makeMe('agency');
/** May read reports, not advertisers: no name to show. */
const reportsOnly = makeMe('agency', { localRole: 'viewer', permissions: ['reports:read'] });
const advertiser = [200, { data: { advertiser: { id: 7, name: 'Demo Shop' } } }] as const;

describe('AgencyAdvertiserReportPage', () => {
  it('shows one advertiser’s report from the agency’s API under its name, with the way back', async () => {
    const calls = stubApi({
      'GET /agency/advertisers/7': advertiser,
      'GET /agency/advertisers/7/reports': answer(byCampaign()),
      'POST /agency/download-links': [
        200,
        { data: { url: '/api/agency/advertisers/7/reports/export?authorization=t' } },
      ],
    });
    const tab = stubDownloads();
    renderPage(<AgencyAdvertiserReportPage />, {
      path: '/panel/agency/reporting/advertisers/7?by=campaign&time=none',
      route,
      profile: agency,
    });

    expect(await screen.findByRole('heading', { level: 1, name: 'Report of Demo Shop' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to reporting' })).toHaveAttribute(
      'href',
      '/panel/agency/reporting',
    );
    await screen.findByRole('region', { name: 'Summary' });
    expect(Object.fromEntries(reportCalls(calls, '/agency/advertisers/7/reports')[0]?.query ?? [])).toEqual({
      time: 'none',
      by: 'campaign',
      // Split by campaign, the chart has a line per campaign: the top ones by its metric.
      series: 'spendMicros',
    });
    // The agency has no campaign pages nor a list of the advertiser's campaigns: names, no links, no filter.
    const rows = screen.getByRole('table', { name: 'The report’s rows, with the totals' });
    expect(within(rows).getByRole('rowheader', { name: /Winter sale/ })).toHaveTextContent('Active');
    expect(within(rows).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Campaign' })).not.toBeInTheDocument();
    expect(calls.some((call) => call.path.startsWith('/advertiser/'))).toBe(false);

    // Its exports are under the agency's path, through the agency's download links.
    await userEvent.setup().click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(tab.location.href).toContain('authorization=t'));
    const link = calls.find((call) => call.path === '/agency/download-links');
    const asked = new URL(String(link?.body?.path), 'http://panel.test');
    expect(asked.pathname).toBe('/api/agency/advertisers/7/reports/export');
    expect(asked.searchParams.get('by')).toBe('campaign');
    expect(asked.searchParams.get('format')).toBe('csv');
  });

  it('has a plain heading when the agency may not read advertisers', async () => {
    const calls = stubApi({ 'GET /agency/advertisers/7/reports': answer(byCampaign()) });
    renderPage(<AgencyAdvertiserReportPage />, {
      path: '/panel/agency/reporting/advertisers/7',
      route,
      profile: reportsOnly,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Advertiser’s report' })).toBeInTheDocument();
    await screen.findByRole('region', { name: 'Summary' });
    expect(calls.some((call) => call.path === '/agency/advertisers/7')).toBe(false);
  });

  it('answers not found for an id that is no number', async () => {
    const calls = stubApi({});
    renderPage(<AgencyAdvertiserReportPage />, {
      path: '/panel/agency/reporting/advertisers/abc',
      route,
      profile: agency,
    });
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
