import { organisationUserMessages } from '@rtb/shared';
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
  listReply,
  localesReply,
  makeAdvertiserUser,
  makeAgencyUser,
  renderWithToasts,
  rolesReply,
} from './test-utils';
import { UserPage } from './user-page';
import { UsersPage } from './users-page';

/** The agency's and the advertiser's own users, and the agency's advertisers' users. */
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

const agencyPlace = { panel: 'agency', kind: 'agency' } as const;
const advertiserPlace = { panel: 'advertiser', kind: 'advertiser' } as const;
const teamPath = '/panel/agency/agency-users';
/** The signed-in agency administrator: account 5 (makeMe), so the user whose `user.id` is 5 is them. */
const agencyAdmin = makeMe('agency');
const agencyReader = makeMe('agency', { localRole: 'viewer', permissions: ['agency-users:read'] });
const me = makeAgencyUser({
  id: 1,
  firstName: 'Ewa',
  lastName: 'Nowak',
  user: { id: 5, login: 'ewa@example.com', enabled: true },
  role: { id: 11, slug: 'admin', name: 'Administrator' },
});
const colleague = makeAgencyUser({
  id: 2,
  firstName: 'Zoe',
  lastName: 'Zielińska',
  email: 'zoe@example.com',
  user: { id: 6, login: 'zoe@example.com', enabled: true },
});
const agencyReplies = {
  'GET /agency/agency-users': listReply('agency', [me, colleague]),
  'GET /agency/agency-users/roles': rolesReply('agency'),
  'GET /agency/agency-users/1': [200, { data: { agencyUser: me } }] as const,
  'GET /agency/agency-users/2': [200, { data: { agencyUser: colleague } }] as const,
  'GET /locales': localesReply,
};
const lastListQuery = (calls: { method: string; path: string; query: URLSearchParams }[], path: string) =>
  Object.fromEntries(calls.filter((c) => c.method === 'GET' && c.path === path).at(-1)?.query ?? []);

describe('the agency team', () => {
  it('lists the team from the agency’s endpoint and filters it by status and type', async () => {
    const calls = stubApi(agencyReplies);
    renderWithToasts(<UsersPage place={agencyPlace} />, { path: teamPath, profile: agencyAdmin });
    expect(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Zoe Zielińska' })).toHaveAttribute(
      'href',
      `${teamPath}?user=2`,
    );
    expect(lastListQuery(calls, '/agency/agency-users')).toEqual({ page: '1' });
    await userEvent.selectOptions(screen.getByLabelText('Status'), 'Disabled');
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'Service');
    await waitFor(() =>
      expect(lastListQuery(calls, '/agency/agency-users')).toMatchObject({
        enabled: 'false',
        type: 'service',
      }),
    );
  });

  it('opens a colleague in a side panel, with the actions on their account', async () => {
    const calls = stubApi({
      ...agencyReplies,
      'PUT /agency/agency-users/2/enabled': [
        200,
        { data: { agencyUser: { ...colleague, user: { ...colleague.user, enabled: false } } } },
      ],
    });
    renderWithToasts(<UsersPage place={agencyPlace} />, { path: teamPath, profile: agencyAdmin });
    await userEvent.click(await screen.findByRole('link', { name: 'Zoe Zielińska' }));
    const panel = await screen.findByRole('dialog', { name: 'Zoe Zielińska' });
    expect(await within(panel).findByLabelText('Role')).toBeEnabled();
    // Agencies log in as their advertisers' users, not as their colleagues.
    expect(within(panel).queryByRole('button', { name: 'Log in as' })).not.toBeInTheDocument();
    await userEvent.click(within(panel).getByRole('button', { name: 'Disable' }));
    expect(await screen.findByText('Zoe Zielińska has been disabled and signed out.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.path).toBe('/agency/agency-users/2/enabled');
  });

  it('keeps users from disabling themselves or changing their own role and type', async () => {
    const calls = stubApi({
      ...agencyReplies,
      'PUT /agency/agency-users/1': (call) => [200, { data: { agencyUser: { ...me, ...call.body } } }],
    });
    renderWithToasts(<UsersPage place={agencyPlace} />, {
      path: `${teamPath}?user=1`,
      profile: agencyAdmin,
    });
    const panel = await screen.findByRole('dialog', { name: 'Ewa Nowak' });
    expect(within(panel).getByText('You')).toBeInTheDocument();
    expect(await within(panel).findByLabelText('Role')).toBeDisabled();
    expect(within(panel).getByLabelText('Type')).toBeDisabled();
    expect(within(panel).getByText(/You cannot change your own role or type/)).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(within(panel).getByText('This is your own account: you cannot disable it.')).toBeInTheDocument();
    // The names still save, with the role and type as they are.
    const user = userEvent.setup();
    await user.clear(within(panel).getByLabelText('First name'));
    await fill(user, 'First name', 'Ewelina');
    await user.click(within(panel).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes have been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      firstName: 'Ewelina',
      roleId: 11,
      type: 'default',
    });
  });

  it('invites a user into the agency from the side panel, without naming the agency', async () => {
    const created = makeAgencyUser({ id: 9, firstName: 'Nina', lastName: 'Nowa', email: 'nina@example.com' });
    const calls = stubApi({
      ...agencyReplies,
      'POST /agency/agency-users': [201, { data: { agencyUser: created } }],
      'GET /agency/agency-users/9': [200, { data: { agencyUser: created } }],
    });
    renderWithToasts(<UsersPage place={agencyPlace} />, { path: teamPath, profile: agencyAdmin });
    await userEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    const panel = await screen.findByRole('dialog', { name: 'Add agency user' });
    const user = userEvent.setup();
    await within(panel).findByRole('option', { name: 'Manager' });
    await fill(user, 'E-mail', 'nina@example.com');
    await fill(user, 'First name', 'Nina');
    await fill(user, 'Last name', 'Nowa');
    await user.selectOptions(within(panel).getByLabelText('Role'), 'Manager');
    await user.click(within(panel).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByRole('dialog', { name: 'Nina Nowa' })).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.path).toBe('/agency/agency-users');
    expect(post?.body).toEqual({
      email: 'nina@example.com',
      firstName: 'Nina',
      lastName: 'Nowa',
      phone: '',
      roleId: 12,
      type: 'default',
      locale: 'en',
    });
  }, 15_000);

  it('shows the refusal of a self-demotion on the field', async () => {
    stubApi({
      ...agencyReplies,
      'PUT /agency/agency-users/1': validationError({ roleId: [organisationUserMessages.selfRoleChange] }),
    });
    renderWithToasts(<UsersPage place={agencyPlace} />, {
      path: `${teamPath}?user=1`,
      profile: agencyAdmin,
    });
    const panel = await screen.findByRole('dialog', { name: 'Ewa Nowak' });
    await userEvent.click(await within(panel).findByRole('button', { name: 'Save changes' }));
    expect(await within(panel).findByText('You cannot change your own role.')).toBeInTheDocument();
  });

  it('is read-only for a read-only role', async () => {
    stubApi(agencyReplies);
    renderWithToasts(<UsersPage place={agencyPlace} />, {
      path: `${teamPath}?user=2`,
      profile: agencyReader,
    });
    const panel = await screen.findByRole('dialog', { name: 'Zoe Zielińska' });
    expect(await within(panel).findByText('You can view this user but not change them.')).toBeInTheDocument();
    expect(within(panel).queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite user' })).not.toBeInTheDocument();
  });
});

describe('the advertiser team', () => {
  const olga = makeAdvertiserUser({ id: 5 });
  it('lists the team, each user on their own page, and invites from the team’s page', async () => {
    const calls = stubApi({
      'GET /advertiser/advertiser-users': listReply('advertiser', [olga]),
      'GET /advertiser/advertiser-users/roles': rolesReply('advertiser'),
      'GET /locales': localesReply,
    });
    renderWithToasts(<UsersPage place={advertiserPlace} />, {
      path: '/panel/advertiser/advertiser-users',
      profile: makeMe('advertiser'),
    });
    expect(await screen.findByRole('link', { name: 'Olga Owczarek' })).toHaveAttribute(
      'href',
      '/panel/advertiser/advertiser-users/single?id=5',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Invite user' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/panel/advertiser/advertiser-users/single');
    expect(calls.every((c) => c.path.startsWith('/advertiser/') || c.path === '/locales')).toBe(true);
  });

  it('adds a user into the own advertiser on the single page', async () => {
    const created = makeAdvertiserUser({ id: 8, firstName: 'Nina', lastName: 'Nowa' });
    const calls = stubApi({
      'GET /advertiser/advertiser-users/roles': rolesReply('advertiser'),
      'GET /locales': localesReply,
      'POST /advertiser/advertiser-users': [201, { data: { advertiserUser: created } }],
      'GET /advertiser/advertiser-users/8': [200, { data: { advertiserUser: created } }],
    });
    const route = '/panel/advertiser/advertiser-users/single';
    renderWithToasts(<UserPage place={advertiserPlace} />, {
      path: route,
      route,
      profile: makeMe('advertiser'),
    });
    expect(await screen.findByRole('heading', { name: 'Add advertiser user', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to users/ })).toHaveAttribute(
      'href',
      '/panel/advertiser/advertiser-users',
    );
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Read only' });
    await fill(user, 'E-mail', 'nina@example.com');
    await fill(user, 'First name', 'Nina');
    await fill(user, 'Last name', 'Nowa');
    await user.selectOptions(screen.getByLabelText('Role'), 'Read only');
    await user.click(screen.getByRole('button', { name: 'Add user' }));
    expect(await screen.findByRole('heading', { name: 'Nina Nowa', level: 1 })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).not.toHaveProperty('advertiserId');
  }, 15_000);
});

describe("a user of one of the agency's advertisers", () => {
  it('is logged in as from the agency, which keeps its own token to come back to', async () => {
    cookies.set('authToken', 'agency-token');
    const olga = makeAdvertiserUser({ id: 5 });
    const calls = stubApi({
      'GET /agency/advertiser-users/5': [200, { data: { advertiserUser: olga } }],
      'GET /agency/advertiser-users/roles': rolesReply('advertiser'),
      'GET /locales': localesReply,
      'POST /agency/advertiser-users/5/auth': [
        200,
        { data: { me: makeMe('advertiser', { hasSourceUser: true }), authToken: 'olga-token' } },
      ],
    });
    const route = '/panel/agency/advertiser-users/single';
    renderWithToasts(<UserPage place={{ panel: 'agency', kind: 'advertiser' }} />, {
      path: `${route}?id=5`,
      route,
      profile: agencyAdmin,
    });
    expect(await screen.findByRole('link', { name: /Back to the advertiser/ })).toHaveAttribute(
      'href',
      '/panel/agency/advertisers/4',
    );
    const confirm = vi.mocked(window.confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Log in as' }));
    expect(confirm).toHaveBeenCalledWith(
      'Log in as Olga Owczarek? You will act with their permissions until you go back to your agency account.',
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/advertiser'));
    expect(calls.some((c) => c.path === '/agency/advertiser-users/5/auth')).toBe(true);
    expect(cookies.get('agencyToken')).toBe('agency-token');
    expect(cookies.get('authToken')).toBe('olga-token');
  });
});
