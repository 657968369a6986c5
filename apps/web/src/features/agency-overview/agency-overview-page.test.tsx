import { type AgencyOverviewRowDto, type RtbViewStatus, viewStatusOf } from '@rtb/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { pageNavigation } from '../../lib/page-navigation';
import { cookies } from '../../lib/storage';
import { clearCookies } from '../../shell/test-utils/fixtures';
import { currenciesReply } from '../agencies/test-utils';
import { AgencyOverviewPage } from './agency-overview-page';

const healthy: RtbViewStatus = {
  products: viewStatusOf('Ok', 'productsActive', false, { count: 120 }),
  tags: viewStatusOf('Ok', 'tagsReceiving', false, { events: 900 }),
  banners: viewStatusOf('Ok', 'bannersApproved', false, { approved: 3, pending: 1, rejected: 0 }),
  reports: viewStatusOf('Ok', 'reportsDelivering', false),
  campaigns: viewStatusOf('Ok', 'campaignsServing', false),
};

const row = (
  overrides: Partial<AgencyOverviewRowDto> & { id: number; name: string },
): AgencyOverviewRowDto => {
  const { id, name, ...rest } = overrides;
  return {
    advertiser: { id, name },
    currency: 'PLN',
    timeZone: 'Europe/Warsaw',
    spend: {
      todayMicros: 30_000_000,
      yesterdayMicros: 80_000_000,
      monthMicros: 900_000_000,
      last7DaysMicros: 560_000_000,
    },
    campaigns: { active: 2, serving: 2, dailyBudgetMinor: 10_000, unlimited: false },
    pacing: 'on_track',
    fundsMinor: 200_000,
    daysCovered: 25,
    status: healthy,
    alerts: [],
    ...rest,
  };
};

const rows = [
  row({ id: 1, name: 'Demo Shop' }),
  row({
    id: 2,
    name: 'Berlin Boutique',
    currency: 'EUR',
    spend: {
      todayMicros: 0,
      yesterdayMicros: 5_000_000,
      monthMicros: 50_000_000,
      last7DaysMicros: 35_000_000,
    },
    campaigns: { active: 1, serving: 0, dailyBudgetMinor: null, unlimited: false },
    pacing: null,
    fundsMinor: 1_000,
    daysCovered: 2,
    status: {
      ...healthy,
      banners: viewStatusOf('Error', 'bannersAllRejected', true, { rejected: 2 }),
      campaigns: viewStatusOf('Warning', 'campaignsNoApprovedCreative', true),
      tags: viewStatusOf('Warning', 'tagsSilent', true),
    },
    alerts: ['low_balance', 'not_serving', 'creative_rejected', 'tag_silent'],
  }),
  row({
    id: 3,
    name: 'Alpha Apparel',
    pacing: 'ahead',
    spend: { todayMicros: 90_000_000, yesterdayMicros: 0, monthMicros: 90_000_000, last7DaysMicros: 0 },
    daysCovered: null,
  }),
];

const overview = (list = rows) =>
  [200, { data: { agencyOverview: { rows: list, truncated: false } } }] as const;
const path = '/panel/agency/overview';
const render = () => renderPage(<AgencyOverviewPage />, { path, profile: makeMe('agency') });
const table = () => screen.getByRole('table', { name: 'Your clients, those needing attention first' });
const names = () =>
  within(table())
    .getAllByRole('link', { name: /^(?!Report of)/ })
    .map((link) => link.textContent);

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

describe('AgencyOverviewPage', () => {
  it('puts the clients needing attention first and tells what is wrong', async () => {
    stubApi({ 'GET /agency/overview': overview(), 'GET /currencies': currenciesReply });
    render();
    await screen.findByRole('link', { name: 'Berlin Boutique' });
    expect(names()).toEqual(['Berlin Boutique', 'Alpha Apparel', 'Demo Shop']);
    const boutique = screen.getByRole('link', { name: 'Berlin Boutique' }).closest('tr') as HTMLElement;
    const alerts = within(boutique).getByRole('list', { name: 'Alerts of Berlin Boutique' });
    expect(
      within(alerts)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Low balance', 'Not serving', 'Creative rejected', 'Tag silent']);
    expect(within(boutique).getByText('0 of 1 serving')).toBeInTheDocument();
    expect(within(boutique).getByText('No campaign is serving: no approved creative.')).toBeInTheDocument();
    expect(within(boutique).getByText('2 days of spend')).toBeInTheDocument();
    // Spending today, not in the 7 days before (the days' average the funds are measured by).
    const alpha = screen.getByRole('link', { name: 'Alpha Apparel' }).closest('tr') as HTMLElement;
    expect(within(alpha).getByText('No spend in the 7 days before today')).toBeInTheDocument();
    expect(within(boutique).getByText('2 rejected')).toBeInTheDocument();
    const shop = screen.getByRole('link', { name: 'Demo Shop' }).closest('tr') as HTMLElement;
    expect(within(shop).getByText('On track')).toBeInTheDocument();
    // Money with the currency's symbol, as everywhere in the panels.
    expect(await within(shop).findByText('of 100.00 zł a day')).toBeInTheDocument();
    expect(within(shop).getByText('2,000.00 zł')).toBeInTheDocument();
    expect(within(shop).getByText('3 approved · 1 waiting')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Demo Shop' })).toHaveAttribute(
      'href',
      '/panel/agency/advertisers/1',
    );
    expect(screen.getByRole('link', { name: 'Report of Demo Shop' })).toHaveAttribute(
      'href',
      '/panel/agency/reporting/advertisers/1',
    );
  });

  it('filters by alert and by name, and sorts by a column', async () => {
    stubApi({ 'GET /agency/overview': overview(), 'GET /currencies': currenciesReply });
    render();
    await screen.findByRole('link', { name: 'Berlin Boutique' });
    await userEvent.click(screen.getByRole('button', { name: 'Needing attention (1)' }));
    expect(names()).toEqual(['Berlin Boutique']);
    await userEvent.click(screen.getByRole('button', { name: 'Tag silent (1)' }));
    expect(screen.getByRole('button', { name: 'Tag silent (1)' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'All clients' }));
    expect(names()).toHaveLength(3);

    await userEvent.click(within(table()).getByRole('button', { name: /Spend today/ }));
    expect(names()).toEqual(['Alpha Apparel', 'Demo Shop', 'Berlin Boutique']);
    await userEvent.click(within(table()).getByRole('button', { name: /Funds/ }));
    // Most days covered first; a client without spend to cover comes last.
    expect(names()).toEqual(['Demo Shop', 'Berlin Boutique', 'Alpha Apparel']);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'demo');
    await vi.waitFor(() => expect(names()).toEqual(['Demo Shop']));
  });

  it('opens a client’s panel from its row after the confirmation, keeping the way back', async () => {
    clearCookies();
    cookies.set('authToken', 'agency-token');
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const calls = stubApi({
      'GET /agency/overview': overview(),
      'GET /currencies': currenciesReply,
      'POST /agency/advertisers/1/auth': [
        200,
        { data: { me: makeMe('advertiser', { hasSourceUser: true }), authToken: 'shop-token' } },
      ],
    });
    render();
    const open = await screen.findByRole('button', { name: 'Open the panel of Demo Shop' });
    // Declined: nothing happens.
    await userEvent.click(open);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.click(open);
    expect(confirm).toHaveBeenLastCalledWith(expect.stringContaining('Demo Shop'));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/advertiser'));
    expect(cookies.get('agencyToken')).toBe('agency-token');
    expect(cookies.get('authToken')).toBe('shop-token');
    clearCookies();
  });

  it('offers no way into a client’s panel to a user who may not log in as its users', async () => {
    stubApi({ 'GET /agency/overview': overview(), 'GET /currencies': currenciesReply });
    renderPage(<AgencyOverviewPage />, {
      path,
      profile: makeMe('agency', { localRole: 'viewer', permissions: ['advertisers:read'] }),
    });
    await screen.findByRole('link', { name: 'Demo Shop' });
    expect(screen.queryByRole('button', { name: /^Open the panel of/ })).toBeNull();
  });

  it('says so when the agency has no clients yet, in Polish too', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'GET /agency/overview': overview([]), 'GET /currencies': currenciesReply });
    render();
    expect(await screen.findByText('Nie masz jeszcze klientów')).toBeInTheDocument();
  });
});
