import { advertiserMessages, messages } from '@rtb/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import { pageNavigation } from '../../lib/page-navigation';
import { cookies } from '../../lib/storage';
import { returnToAdminAccount } from '../../shell/sub-account/swap-session';
import { clearCookies } from '../../shell/test-utils/fixtures';
import {
  dismissToasts,
  listReply,
  makeAdvertiser,
  makeAgency,
  makeStatusChange,
  reader,
  referenceReplies,
  renderWithToasts,
  writer,
} from '../agencies/test-utils';
import { AdvertiserPage } from './advertiser-page';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const route = '/panel/admin/advertisers/single';
const shop = makeAdvertiser();
const agency = makeAgency();
const replies = (advertiser = shop) => ({
  ...referenceReplies,
  'GET /admin/agencies': listReply('agencies', [agency, makeAgency({ id: 8, name: 'Other Agency' })]),
  'GET /admin/agencies/7': [200, { data: { agency } }] as const,
  [`GET /admin/advertisers/${advertiser.id}`]: [200, { data: { advertiser } }] as const,
  [`GET /admin/advertisers/${advertiser.id}/status-verifications`]: listReply('logStatusVerifications', [
    makeStatusChange({ agency: null, advertiser: { id: advertiser.id, name: advertiser.name } }),
  ]),
});
const detailsForm = () => screen.getByRole('region', { name: 'Details' });

describe('AdvertiserPage: adding', () => {
  it("creates an advertiser under the agency it was opened for, with the agency's rules", async () => {
    const created = makeAdvertiser({ id: 40, name: 'New Shop', code: 'NEW-SHOP-1A2B' });
    const calls = stubApi({
      ...replies(created),
      'POST /admin/advertisers': [201, { data: { advertiser: created } }],
    });
    renderWithToasts(<AdvertiserPage panel="admin" />, {
      path: `${route}?agencyId=7`,
      route,
      profile: writer,
    });
    expect(screen.getByRole('heading', { name: 'Add advertiser', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Demo Agency allows a commission of at most 20.00%.')).toBeInTheDocument();
    expect(screen.getByLabelText('Agency')).toHaveValue('7');

    const user = userEvent.setup();
    await fill(user, 'Name', 'New Shop');
    await fill(user, 'Website address', 'https://new.example.com');
    await user.click(screen.getByRole('checkbox', { name: 'Polski' }));
    await user.click(screen.getByRole('checkbox', { name: 'The agency pays for the campaigns' }));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add advertiser' }));

    expect(await screen.findByText('The advertiser has been added.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'New Shop',
      code: '',
      externalId: null,
      agencyId: 7,
      agencyPaidCampaigns: true,
      websiteUrl: 'https://new.example.com',
      websiteLocales: ['pl'],
      currencyId: null,
      countryId: null,
      taxId: null,
      taxAddress: null,
      taxEmail: null,
      phone: null,
      creditLimit: 0,
      useCreditLimit: false,
    });
    expect(
      await screen.findByRole('heading', { name: 'New Shop', level: 1 }, { timeout: 5000 }),
    ).toBeInTheDocument();
    // Many fields are typed key by key: more than the default 5 s on a busy machine.
  }, 15_000);

  it('offers agency-paid campaigns only with an agency', async () => {
    stubApi(replies());
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: route, route, profile: writer });
    const user = userEvent.setup();
    expect(screen.getByText('Campaigns paid by an agency need an agency.')).toBeInTheDocument();
    expect(
      screen.queryByRole('checkbox', { name: 'The agency pays for the campaigns' }),
    ).not.toBeInTheDocument();
    await screen.findByRole('option', { name: 'Other Agency' });
    await user.selectOptions(screen.getByLabelText('Agency'), 'Demo Agency');
    await user.click(screen.getByRole('checkbox', { name: 'The agency pays for the campaigns' }));
    await user.selectOptions(screen.getByLabelText('Agency'), 'No agency');
    expect(
      screen.queryByRole('checkbox', { name: 'The agency pays for the campaigns' }),
    ).not.toBeInTheDocument();
  });

  it('finds agencies by name', async () => {
    const calls = stubApi(replies());
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: route, route, profile: writer });
    await userEvent.type(screen.getByLabelText('Find an agency'), 'other');
    await waitFor(() =>
      expect(
        Object.fromEntries(calls.filter((c) => c.path === '/admin/agencies').at(-1)?.query ?? []),
      ).toMatchObject({ search: 'other' }),
    );
  });
});

describe('AdvertiserPage: one advertiser', () => {
  it('shows the summary, both balances and the commission with 2 decimals', async () => {
    stubApi(replies());
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: `${route}?id=31`, route, profile: writer });
    expect(await screen.findByRole('heading', { name: 'Demo Shop', level: 1 })).toBeInTheDocument();
    const summary = screen.getByRole('region', { name: 'Advertiser summary' });
    expect(summary).toHaveTextContent('DEMO-SHOP');
    expect(summary).toHaveTextContent('commission 15.00%');
    expect(within(summary).getByRole('link', { name: 'Demo Agency' })).toHaveAttribute(
      'href',
      '/panel/admin/agencies/single?id=7',
    );
    const money = screen.getByRole('region', { name: 'Balance and credit' });
    const figure = (term: string) => within(money).getByText(term).nextElementSibling;
    expect(figure('Balance')).toHaveTextContent('1,234.56 zł');
    expect(figure('Funded by the agency')).toHaveTextContent('50.00 zł');
    expect(
      within(money).getByText('Spending on credit is off: only the balance can be spent.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Commission (%)')).toHaveValue('15.00');
    expect(await screen.findByRole('checkbox', { name: 'Polski' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'English' })).toBeChecked();
  });

  it('saves with PUT, and the server errors land on their fields', async () => {
    let taken = true;
    const calls = stubApi({
      ...replies(),
      'PUT /admin/advertisers/31': (call) =>
        taken
          ? validationError({
              code: [advertiserMessages.codeTaken],
              comissionPercent: [advertiserMessages.commissionAboveLimit],
            })
          : [200, { data: { advertiser: { ...shop, code: String(call.body?.code) } } }],
    });
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: `${route}?id=31`, route, profile: writer });
    await screen.findByRole('heading', { name: 'Demo Shop', level: 1 });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Code'));
    await fill(user, 'Code', 'solo-store');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText(advertiserMessages.codeTaken)).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Commission (%)')).toHaveAccessibleDescription(
      advertiserMessages.commissionAboveLimit,
    );

    taken = false;
    await user.clear(screen.getByLabelText('Code'));
    await fill(user, 'Code', 'shop-2');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes have been saved.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toMatchObject({
      code: 'SHOP-2',
      agencyId: 7,
      comissionPercent: 15,
      websiteLocales: ['pl', 'en'],
      timeZone: 'Europe/Warsaw',
      _method: 'PUT',
    });
  });

  it('checks the website address through the API', async () => {
    let answer: 'ok' | 'down' = 'ok';
    const calls = stubApi({
      ...replies(),
      'POST /url/verify': (call) =>
        answer === 'ok'
          ? [
              200,
              {
                data: {
                  urlVerification: {
                    url: call.body?.url,
                    finalUrl: 'https://demo-shop.example.com/',
                    status: 200,
                  },
                },
              },
            ]
          : validationError({ url: [messages.urlUnreachable] }),
    });
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: `${route}?id=31`, route, profile: writer });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Check address' }));
    expect(
      await screen.findByText('The address answers (HTTP 200): https://demo-shop.example.com/'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/url/verify')?.body).toEqual({
      url: 'https://demo-shop.example.com',
    });

    answer = 'down';
    await user.click(screen.getByRole('button', { name: 'Check address' }));
    expect(await screen.findByText(messages.urlUnreachable)).toBeInTheDocument();
    expect(screen.getByLabelText('Website address')).toHaveAttribute('aria-invalid', 'true');
  });

  it('changes the verification status through its own endpoint', async () => {
    const calls = stubApi({
      ...replies(),
      'POST /admin/advertisers/31/status-verifications': [
        201,
        {
          data: {
            advertiser: { ...shop, statusVerification: 'pending' },
            logStatusVerification: makeStatusChange({ id: 3, statusFrom: 'verified', statusTo: 'pending' }),
          },
        },
      ],
    });
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: `${route}?id=31`, route, profile: writer });
    const section = await screen.findByRole('region', { name: 'Verification' });
    const user = userEvent.setup();
    await user.selectOptions(within(section).getByLabelText('New status'), 'Pending');
    await user.click(within(section).getByRole('button', { name: 'Change status' }));
    expect(await screen.findByText('The verification status is now: Pending.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      statusVerification: 'pending',
      comment: '',
    });
    expect(
      within(screen.getByRole('region', { name: 'Advertiser summary' })).getByText('Pending'),
    ).toBeInTheDocument();
  });

  it('logs in as the advertiser from its card, and the way back returns to this page', async () => {
    clearCookies();
    cookies.set('authToken', 'admin-token');
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    window.history.replaceState(null, '', `${route}?id=31`);
    const calls = stubApi({
      ...replies(),
      'POST /admin/advertisers/31/auth': [
        200,
        { data: { me: makeMe('advertiser', { hasSourceUser: true }), authToken: 'shop-token' } },
      ],
      'DELETE /advertiser/auth/token': [200, { data: { status: 'logged_out' } }],
    });
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: `${route}?id=31`, route, profile: writer });
    const card = await screen.findByRole('region', { name: 'Work as this advertiser' });
    expect(card).toHaveTextContent('Log in as its first active administrator.');
    await userEvent.click(within(card).getByRole('button', { name: 'Log in as advertiser' }));
    expect(window.confirm).toHaveBeenCalledWith(expect.stringContaining('Demo Shop'));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/advertiser'));
    expect(calls.some((c) => c.method === 'POST' && c.path === '/admin/advertisers/31/auth')).toBe(true);
    expect(cookies.get('sourceToken')).toBe('admin-token');
    expect(cookies.get('authToken')).toBe('shop-token');

    window.history.replaceState(null, '', '/panel/advertiser');
    await returnToAdminAccount('advertiser');
    expect(assign).toHaveBeenLastCalledWith(`${route}?id=31`);
    clearCookies();
    window.history.replaceState(null, '', '/');
  });

  it('shows readers everything but no write controls', async () => {
    stubApi(replies());
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: `${route}?id=31`, route, profile: reader });
    expect(await screen.findByText('You can view this advertiser but not change it.')).toBeInTheDocument();
    expect(screen.getByLabelText('Code')).toBeDisabled();
    expect(screen.getByLabelText('Website address')).toHaveValue('https://demo-shop.example.com');
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Check address' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change status' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in as advertiser' })).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toBeDisabled();
    expect(screen.queryByRole('switch', { name: 'Trusted for creatives' })).not.toBeInTheDocument();
    expect(await screen.findByText('Documents checked')).toBeInTheDocument();
  });

  it("switches 'Trusted for creatives' at once, with its explanation, and back", async () => {
    const calls = stubApi({
      ...replies(),
      'PUT /admin/advertisers/31': (call) => [
        200,
        { data: { advertiser: { ...shop, creativesTrusted: Boolean(call.body?.creativesTrusted) } } },
      ],
    });
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: `${route}?id=31`, route, profile: writer });
    const trust = await screen.findByRole('switch', { name: 'Trusted for creatives' });
    expect(trust).not.toBeChecked();
    expect(trust).toHaveAccessibleDescription(
      "A trusted advertiser's creatives are approved automatically, without review. Turning it on also approves the creatives now waiting for review.",
    );
    const user = userEvent.setup();
    await user.click(trust);
    expect(
      await screen.findByText('Creatives of this advertiser are now approved automatically.'),
    ).toBeInTheDocument();
    expect(trust).toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.body)).toEqual([
      { _method: 'PUT', name: 'Demo Shop', creativesTrusted: true },
    ]);
    await user.click(trust);
    expect(await screen.findByText('Creatives of this advertiser go to review again.')).toBeInTheDocument();
    expect(trust).not.toBeChecked();
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      _method: 'PUT',
      name: 'Demo Shop',
      creativesTrusted: false,
    });
    // The details form does not send the switch: saving it cannot undo the switch.
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(3));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)?.body).not.toHaveProperty('creativesTrusted');
  });

  it('keeps the switch as it was when the change is refused', async () => {
    stubApi({ ...replies(), 'PUT /admin/advertisers/31': [500, { message: 'Boom', code: 500 }] });
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: `${route}?id=31`, route, profile: writer });
    const trust = await screen.findByRole('switch', { name: 'Trusted for creatives' });
    await userEvent.setup().click(trust);
    expect(await screen.findByText('Boom')).toBeInTheDocument();
    expect(trust).not.toBeChecked();
    expect(trust).toBeEnabled();
  });

  it('says when the advertiser does not exist, and when it cannot be loaded', async () => {
    stubApi({ ...referenceReplies, 'GET /admin/advertisers/32': [500, { message: 'Boom', code: 500 }] });
    const { unmount } = renderWithToasts(<AdvertiserPage panel="admin" />, {
      path: `${route}?id=99`,
      route,
      profile: writer,
    });
    expect(await screen.findByRole('heading', { name: 'Advertiser not found' })).toBeInTheDocument();
    unmount();
    renderWithToasts(<AdvertiserPage panel="admin" />, { path: `${route}?id=32`, route, profile: writer });
    expect(await screen.findByRole('alert')).toHaveTextContent('Boom');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
