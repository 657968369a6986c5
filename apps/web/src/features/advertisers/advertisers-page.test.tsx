import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { lastQuery, listReply, makeAdvertiser, makeAgency, reader, writer } from '../agencies/test-utils';
import { AdvertisersPage } from './advertisers-page';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const path = '/panel/admin/advertisers';
const shop = makeAdvertiser();
const solo = makeAdvertiser({
  id: 32,
  name: 'Solo Store',
  code: 'SOLO-STORE',
  agency: null,
  hasAgency: false,
  comissionPercent: 12.5,
  currency: null,
  statusVerification: 'unverified',
  billingComplete: false,
  billingMissing: ['currency'],
});

describe('AdvertisersPage', () => {
  it('lists advertisers with their agency, commission, badges and balance', async () => {
    stubApi({ 'GET /admin/advertisers': listReply('advertisers', [shop, solo]) });
    renderPage(<AdvertisersPage panel="admin" />, { path, profile: writer });
    expect(screen.getByRole('heading', { name: 'Advertisers', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Advertisers - RTB Panel');

    const link = await screen.findByRole('link', { name: 'Demo Shop' });
    expect(link).toHaveAttribute('href', '/panel/admin/advertisers/single?id=31');
    const row = link.closest('tr') as HTMLElement;
    expect(within(row).getByText('DEMO-SHOP')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Demo Agency' })).toHaveAttribute(
      'href',
      '/panel/admin/agencies/single?id=7',
    );
    expect(within(row).getByText('15.00%')).toBeInTheDocument();
    expect(within(row).getByText('1,234.56 zł')).toBeInTheDocument();
    expect(within(row).getByText('Verified')).toBeInTheDocument();

    const soloRow = screen.getByRole('link', { name: 'Solo Store' }).closest('tr') as HTMLElement;
    expect(within(soloRow).getByText('No agency')).toBeInTheDocument();
    expect(within(soloRow).getByText('12.50%')).toBeInTheDocument();
    expect(within(soloRow).getByText('Currency not set')).toBeInTheDocument();
    expect(within(soloRow).getByText('Billing incomplete')).toBeInTheDocument();
  });

  it('searches, filters, sorts and pages through the API', async () => {
    const calls = stubApi({
      'GET /admin/advertisers': listReply('advertisers', [shop], { total: 60, lastPage: 3 }),
    });
    renderPage(<AdvertisersPage panel="admin" />, { path, profile: writer });
    await screen.findByRole('link', { name: 'Demo Shop' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search by name, code, external ID or website'), 'demo');
    await waitFor(() => expect(lastQuery(calls, '/admin/advertisers')).toMatchObject({ search: 'demo' }));
    await user.selectOptions(screen.getByLabelText('Verification'), 'Pending');
    await user.selectOptions(screen.getByLabelText('Agency'), 'Without an agency');
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/advertisers')).toMatchObject({
        search: 'demo',
        statusVerification: 'pending',
        hasAgency: 'false',
      }),
    );
    await user.click(screen.getByRole('button', { name: /Code/ }));
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/advertisers')).toMatchObject({ sort: 'code', order: 'asc' }),
    );
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(lastQuery(calls, '/admin/advertisers')).toMatchObject({ page: '2', sort: 'code' }),
    );
  });

  it("lists one agency's advertisers, and goes back to all", async () => {
    const calls = stubApi({
      'GET /admin/advertisers': listReply('advertisers', [shop]),
      'GET /admin/agencies/7': [200, { data: { agency: makeAgency() } }],
    });
    renderPage(<AdvertisersPage panel="admin" />, { path: `${path}?agencyId=7`, profile: writer });
    expect(await screen.findByText('Advertisers of Demo Agency.')).toBeInTheDocument();
    expect(lastQuery(calls, '/admin/advertisers')).toMatchObject({ agencyId: '7' });
    await userEvent.click(screen.getByRole('button', { name: 'Show all advertisers' }));
    await waitFor(() => expect(lastQuery(calls, '/admin/advertisers').agencyId).toBeUndefined());
    expect(screen.queryByText('Advertisers of Demo Agency.')).not.toBeInTheDocument();
  });

  it('offers Add advertiser to writers only', async () => {
    stubApi({ 'GET /admin/advertisers': listReply('advertisers', [shop]) });
    const { unmount } = renderPage(<AdvertisersPage panel="admin" />, { path, profile: writer });
    await userEvent.click(screen.getByRole('button', { name: 'Add advertiser' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/panel/admin/advertisers/single');
    unmount();
    renderPage(<AdvertisersPage panel="admin" />, { path, profile: reader });
    await screen.findByRole('link', { name: 'Demo Shop' });
    expect(screen.queryByRole('button', { name: 'Add advertiser' })).not.toBeInTheDocument();
  });

  it('shows the empty and error states', async () => {
    let fail = false;
    stubApi({
      'GET /admin/advertisers': () =>
        fail
          ? [
              503,
              { message: 'The system is currently under maintenance. Please try again later.', code: 503 },
            ]
          : listReply('advertisers', []),
    });
    const { unmount } = renderPage(<AdvertisersPage panel="admin" />, { path, profile: writer });
    expect(await screen.findByText('No advertisers yet')).toBeInTheDocument();
    unmount();
    renderPage(<AdvertisersPage panel="admin" />, { path: `${path}?search=nobody`, profile: writer });
    expect(await screen.findByText('No advertisers match')).toBeInTheDocument();
    fail = true;
    await userEvent.clear(screen.getByLabelText('Search by name, code, external ID or website'));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The system is currently under maintenance. Please try again later.',
    );
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
