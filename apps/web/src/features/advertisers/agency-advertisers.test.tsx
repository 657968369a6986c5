import { advertiserMessages, organisationUserMessages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { pageNavigation } from '../../lib/page-navigation';
import { cookies } from '../../lib/storage';
import { clearCookies } from '../../shell/test-utils/fixtures';
import {
  dismissToasts,
  lastQuery,
  listReply,
  makeAdvertiser,
  referenceReplies,
  renderWithToasts,
} from '../agencies/test-utils';
import { makeAdvertiserUser } from '../users/test-utils';
import { AdvertiserPage } from './advertiser-page';
import { AdvertisersPage } from './advertisers-page';

/** The agency panel's advertisers: its own list, an advertiser's page, a new one with its first user. */
let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
});
afterEach(async () => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
  await i18n.changeLanguage('en');
});

const agencyAdmin = makeMe('agency');
const agencyReader = makeMe('agency', {
  localRole: 'viewer',
  permissions: ['advertisers:read', 'advertiser-users:read'],
});
const listPath = '/panel/agency/advertisers';
const pageRoute = '/panel/agency/advertisers/:advertiserId';
const shop = makeAdvertiser({ agency: { id: 3, name: 'Nowa Agencja' } });
const detailsForm = () => screen.getByRole('region', { name: 'Details' });

describe('the agency’s advertisers list', () => {
  it('lists its advertisers 25 a page from its own endpoint, without the admin’s agency column and filters', async () => {
    const calls = stubApi({ 'GET /agency/advertisers': listReply('advertisers', [shop]) });
    renderWithToasts(<AdvertisersPage panel="agency" />, { path: listPath, profile: agencyAdmin });
    const link = await screen.findByRole('link', { name: 'Demo Shop' });
    expect(link).toHaveAttribute('href', '/panel/agency/advertisers/31');
    expect(lastQuery(calls, '/agency/advertisers')).toEqual({ page: '1', perPage: '25' });
    expect(screen.queryByRole('columnheader', { name: /Agency/ })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Agency')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Verification')).toBeInTheDocument();
    expect(screen.getByLabelText('Search by name, code or website')).toBeInTheDocument();

    await userEvent.selectOptions(screen.getByLabelText('Verification'), 'Unverified');
    await waitFor(() =>
      expect(lastQuery(calls, '/agency/advertisers')).toMatchObject({ statusVerification: 'unverified' }),
    );
  });

  it('invites an agency without advertisers to add the first one', async () => {
    stubApi({ 'GET /agency/advertisers': listReply('advertisers', []) });
    renderWithToasts(<AdvertisersPage panel="agency" />, { path: listPath, profile: agencyAdmin });
    expect(await screen.findByText('No advertisers yet')).toBeInTheDocument();
    expect(screen.getByText(/Add your first advertiser: a client or brand/)).toBeInTheDocument();
    const buttons = screen.getAllByRole('button', { name: 'Add advertiser' });
    await userEvent.click(buttons.at(-1) as HTMLElement);
    expect(screen.getByTestId('location')).toHaveTextContent('/panel/agency/advertisers/new');
  });

  it('offers no adding to a read-only role', async () => {
    stubApi({ 'GET /agency/advertisers': listReply('advertisers', []) });
    renderWithToasts(<AdvertisersPage panel="agency" />, { path: listPath, profile: agencyReader });
    expect(await screen.findByText('No advertisers yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add advertiser' })).not.toBeInTheDocument();
  });
});

describe('adding an advertiser with its first user', () => {
  it('asks for what the agency sets and the first user, and POSTs them to the agency’s endpoint', async () => {
    const created = makeAdvertiser({
      id: 40,
      name: 'Garden Corner',
      agency: { id: 3, name: 'Nowa Agencja' },
    });
    const calls = stubApi({
      ...referenceReplies,
      'POST /agency/advertisers': [
        201,
        { data: { advertiser: created, advertiserUser: makeAdvertiserUser() } },
      ],
      'GET /agency/advertisers/40': [200, { data: { advertiser: created } }],
      'GET /agency/advertiser-users': listReply('advertiserUsers', []),
    });
    renderWithToasts(<AdvertiserPage panel="agency" />, {
      path: '/panel/agency/advertisers/new',
      route: pageRoute,
      profile: agencyAdmin,
    });
    expect(screen.getByRole('heading', { name: 'Add advertiser', level: 1 })).toBeInTheDocument();
    // What only admins set is not offered.
    for (const label of ['Code', 'External ID', 'Agency', 'Credit limit', 'Find an agency'])
      expect(screen.queryByLabelText(label)).not.toBeInTheDocument();
    expect(screen.queryByRole('checkbox', { name: /credit limit/i })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await fill(user, 'Name', 'Garden Corner');
    await fill(user, 'Commission (%)', '12.5');
    await user.click(screen.getByRole('checkbox', { name: 'The agency pays for the campaigns' }));
    await fill(user, 'E-mail', 'owner@garden.example.com');
    await fill(user, 'First name', 'Gosia');
    await fill(user, 'Last name', 'Ogrodnik');
    await user.selectOptions(screen.getByLabelText('Language'), 'Polski');
    await fill(user, 'Website address', 'https://garden.example.com');
    await user.click(screen.getByRole('checkbox', { name: 'English' }));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add advertiser' }));

    expect(
      await screen.findByText(
        'The advertiser has been added. We have sent an activation e-mail to owner@garden.example.com.',
      ),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Garden Corner',
      comissionPercent: 12.5,
      agencyPaidCampaigns: true,
      websiteUrl: 'https://garden.example.com',
      websiteLocales: ['en'],
      currencyId: null,
      countryId: null,
      taxId: null,
      taxAddress: null,
      taxEmail: null,
      phone: null,
      userEmail: 'owner@garden.example.com',
      userFirstName: 'Gosia',
      userLastName: 'Ogrodnik',
      userPhone: '',
      userLocale: 'pl',
    });
    expect(
      await screen.findByRole('heading', { name: 'Garden Corner', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // Many fields are typed key by key: more than the default 5 s on a busy machine.
  }, 20_000);

  it("shows the server's refusals on their fields: a taken e-mail, a commission above the agency's limit", async () => {
    stubApi({
      ...referenceReplies,
      'POST /agency/advertisers': validationError({
        comissionPercent: [advertiserMessages.commissionAboveLimit],
        userEmail: [organisationUserMessages.emailTaken],
      }),
    });
    renderWithToasts(<AdvertiserPage panel="agency" />, {
      path: '/panel/agency/advertisers/new',
      route: pageRoute,
      profile: agencyAdmin,
    });
    const user = userEvent.setup();
    await fill(user, 'Name', 'Greedy Corner');
    await fill(user, 'Commission (%)', '30');
    await fill(user, 'E-mail', 'taken@example.com');
    await fill(user, 'First name', 'T');
    await fill(user, 'Last name', 'K');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add advertiser' }));
    expect(
      await screen.findByText("The commission may not exceed the agency's commission limit."),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription(
      expect.stringContaining('This e-mail address already has an account.'),
    );
  });
});

describe('one of the agency’s advertisers', () => {
  const replies = {
    ...referenceReplies,
    'GET /agency/advertisers/31': [200, { data: { advertiser: shop } }] as const,
    'GET /agency/advertiser-users': listReply('advertiserUsers', [makeAdvertiserUser({ id: 5 })]),
  };

  it('shows it with its balances, billing state and users, without the admin’s verification tools', async () => {
    const calls = stubApi(replies);
    renderWithToasts(<AdvertiserPage panel="agency" />, {
      path: '/panel/agency/advertisers/31',
      route: pageRoute,
      profile: agencyAdmin,
    });
    expect(await screen.findByRole('heading', { name: 'Demo Shop', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to advertisers/ })).toHaveAttribute('href', listPath);
    expect(screen.getByRole('region', { name: 'Balance and credit' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Verification/ })).not.toBeInTheDocument();
    const users = screen.getByRole('region', { name: 'Users' });
    expect(await within(users).findByRole('link', { name: 'Olga Owczarek' })).toHaveAttribute(
      'href',
      '/panel/agency/advertiser-users/single?id=5',
    );
    expect(lastQuery(calls, '/agency/advertiser-users')).toMatchObject({ advertiserId: '31' });
    await userEvent.click(within(users).getByRole('button', { name: 'Add user' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/panel/agency/advertiser-users/single');
  });

  it('saves the edited details with PUT to the agency’s endpoint', async () => {
    const calls = stubApi({
      ...replies,
      'PUT /agency/advertisers/31': (call) => [
        200,
        { data: { advertiser: { ...shop, name: String(call.body?.name) } } },
      ],
    });
    renderWithToasts(<AdvertiserPage panel="agency" />, {
      path: '/panel/agency/advertisers/31',
      route: pageRoute,
      profile: agencyAdmin,
    });
    await screen.findByRole('heading', { name: 'Demo Shop', level: 1 });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Name'));
    await fill(user, 'Name', 'Demo Shop Two');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Europe/Warsaw');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time zone' }), 'Europe/Berlin');
    // What only admins set is not offered.
    expect(screen.queryByRole('switch', { name: 'Trusted for creatives' })).not.toBeInTheDocument();
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes have been saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/agency/advertisers/31');
    expect(put?.body?.timeZone).toBe('Europe/Berlin');
    expect(Object.keys(put?.body ?? {}).sort()).toEqual(
      [
        '_method',
        'agencyPaidCampaigns',
        'comissionPercent',
        'countryId',
        'currencyId',
        'name',
        'phone',
        'taxAddress',
        'taxEmail',
        'taxId',
        'timeZone',
        'websiteLocales',
        'websiteUrl',
      ].sort(),
    );
  });

  it('logs in as the advertiser: keeps the agency’s token to come back to and opens the advertiser panel', async () => {
    cookies.set('authToken', 'agency-token');
    const calls = stubApi({
      ...replies,
      'POST /agency/advertisers/31/auth': [
        200,
        { data: { me: makeMe('advertiser', { hasSourceUser: true }), authToken: 'shop-token' } },
      ],
    });
    renderWithToasts(<AdvertiserPage panel="agency" />, {
      path: '/panel/agency/advertisers/31',
      route: pageRoute,
      profile: agencyAdmin,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as advertiser' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/advertiser'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/agency/advertisers/31/auth')).toBe(true);
    expect(cookies.get('authToken')).toBe('shop-token');
    expect(cookies.get('agencyToken')).toBe('agency-token');
    expect(cookies.get('sourceToken')).toBeUndefined();
  });

  it('is read-only, without log in as, for a read-only role', async () => {
    stubApi(replies);
    renderWithToasts(<AdvertiserPage panel="agency" />, {
      path: '/panel/agency/advertisers/31',
      route: pageRoute,
      profile: agencyReader,
    });
    await screen.findByRole('heading', { name: 'Demo Shop', level: 1 });
    expect(screen.getByText('You can view this advertiser but not change it.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in as advertiser' })).not.toBeInTheDocument();
  });

  it("says Not found for another agency's advertiser", async () => {
    stubApi(referenceReplies);
    renderWithToasts(<AdvertiserPage panel="agency" />, {
      path: '/panel/agency/advertisers/99',
      route: pageRoute,
      profile: agencyAdmin,
    });
    expect(await screen.findByRole('heading', { name: 'Advertiser not found' })).toBeInTheDocument();
  });
});
