import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeMe, renderPage, stubApi } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { pageNavigation } from '../../lib/page-navigation';
import { cookies } from '../../lib/storage';
import { clearCookies } from '../../shell/test-utils/fixtures';
import { ClientSwitcher } from './client-switcher';

const client = (id: number, name: string) => ({ id, name });
const clients = (elements: { id: number; name: string }[], total = elements.length) =>
  [
    200,
    {
      data: {
        advertisers: { elements, meta: { page: 1, perPage: 25, total, lastPage: Math.ceil(total / 25) } },
      },
    },
  ] as const;

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
  await i18n.changeLanguage('en');
});

describe('ClientSwitcher', () => {
  it("lists the agency's clients by name and enters one's panel in one click, keeping the way back", async () => {
    cookies.set('authToken', 'agency-token');
    const confirm = vi.spyOn(window, 'confirm');
    const assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
    const calls = stubApi({
      'GET /agency/advertisers': (call) =>
        call.query.get('search') === 'garden'
          ? clients([client(7, 'Garden Corner')])
          : clients([client(1, 'Demo Shop'), client(7, 'Garden Corner')], 40),
      'POST /agency/advertisers/7/auth': [
        200,
        { data: { me: makeMe('advertiser', { hasSourceUser: true }), authToken: 'garden-token' } },
      ],
    });
    renderPage(<ClientSwitcher />, { path: '/panel/agency/overview', profile: makeMe('agency') });
    // Nothing is asked before the switcher opens.
    expect(calls).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Open a client' }));
    const list = await screen.findByRole('list', { name: 'Your clients' });
    expect(
      within(list)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Demo ShopOpen panel', 'Garden CornerOpen panel']);
    expect(screen.getByText('Showing 2 of 40 clients: search to narrow the list.')).toBeInTheDocument();
    const listed = calls.find((call) => call.path === '/agency/advertisers');
    expect(listed?.query.get('sort')).toBe('name');

    await userEvent.type(screen.getByRole('searchbox', { name: 'Find a client by name' }), 'garden');
    await vi.waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'Your clients' })).getAllByRole('button')).toHaveLength(
        1,
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: /Garden Corner/ }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/advertiser'));
    expect(confirm).not.toHaveBeenCalled();
    expect(cookies.get('agencyToken')).toBe('agency-token');
    expect(cookies.get('authToken')).toBe('garden-token');
  });

  it('is not offered to a user who may not log in as its clients’ users', () => {
    stubApi({});
    renderPage(<ClientSwitcher />, {
      path: '/panel/agency/overview',
      profile: makeMe('agency', { localRole: 'viewer', permissions: ['advertisers:read'] }),
    });
    expect(screen.queryByRole('button', { name: 'Open a client' })).not.toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'GET /agency/advertisers': clients([]) });
    renderPage(<ClientSwitcher />, { path: '/panel/agency/overview', profile: makeMe('agency') });
    await userEvent.click(screen.getByRole('button', { name: 'Otwórz klienta' }));
    expect(await screen.findByText('Nie masz jeszcze klientów.')).toBeInTheDocument();
  });
});
