import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, stubApi, validationError } from '../../account/account-test-utils';
import {
  dismissToasts,
  listReply,
  localesReply,
  makeAdminUser,
  renderWithToasts,
  rolesReply,
} from './test-utils';
import { UserPage } from './user-page';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(window, 'confirm').mockReturnValue(true);
});
afterEach(() => {
  dismissToasts();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const route = '/panel/admin/admins/single';
const olga = makeAdminUser();
const admins = { panel: 'admin', kind: 'admin' } as const;
const reference = { 'GET /admin/roles': rolesReply('admin'), 'GET /locales': localesReply };
const admin = makeMe('admin');
const reader = makeMe('admin', { localRole: 'viewer', permissions: ['admin-users:read', 'roles:read'] });
const detailsForm = () => screen.getByRole('region', { name: 'Details' });
const accountBox = () => screen.getByRole('region', { name: 'Account' });

describe('UserPage of admin users: adding', () => {
  it('creates the user with POST, tells so and opens their page', async () => {
    const created = makeAdminUser({ id: 77, firstName: 'Nina', lastName: 'Nowa', email: 'nina@example.com' });
    const calls = stubApi({
      ...reference,
      'POST /admin/admin-users': [201, { data: { adminUser: created } }],
      'GET /admin/admin-users/77': [200, { data: { adminUser: created } }],
      'GET /admin/admin-users': listReply('admin', [created]),
    });
    renderWithToasts(<UserPage place={admins} />, { path: route, route, profile: admin });
    expect(await screen.findByRole('heading', { name: 'Add user', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Add user - RTB Panel');
    await screen.findByRole('region', { name: 'Details' });
    const user = userEvent.setup();
    await fill(user, 'E-mail', 'nina@example.com');
    await fill(user, 'First name', 'Nina');
    await fill(user, 'Last name', 'Nowa');
    await user.selectOptions(screen.getByLabelText('Role'), 'Read only');
    await user.selectOptions(screen.getByLabelText('Language'), 'pl');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add user' }));

    expect(
      await screen.findByText('The user has been added. We have sent them an activation e-mail.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      email: 'nina@example.com',
      firstName: 'Nina',
      lastName: 'Nowa',
      phone: '',
      roleId: 3,
      locale: 'pl',
    });
    expect(await screen.findByRole('heading', { name: 'Nina Nowa', level: 1 })).toBeInTheDocument();
  });

  it('checks the form on the client, then shows the server field errors', async () => {
    const calls = stubApi({
      ...reference,
      'POST /admin/admin-users': validationError({
        email: ['This e-mail address already has an account.'],
      }),
    });
    renderWithToasts(<UserPage place={admins} />, { path: route, route, profile: admin });
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Details' });
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add user' }));
    expect(screen.getByLabelText('Role')).toHaveAccessibleDescription('Choose an option from the list.');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('This field is required.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await fill(user, 'E-mail', 'agency@example.com');
    await fill(user, 'First name', 'A');
    await fill(user, 'Last name', 'B');
    await user.selectOptions(screen.getByLabelText('Role'), 'Operator');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('This e-mail address already has an account.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
  });

  it('does not offer the form to readers', async () => {
    stubApi(reference);
    renderWithToasts(<UserPage place={admins} />, { path: route, route, profile: reader });
    expect(await screen.findByText('You cannot add users.')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });
});

describe('UserPage of admin users: one user', () => {
  it('shows the user and saves the edited details with PUT', async () => {
    const calls = stubApi({
      ...reference,
      'GET /admin/admin-users/21': [200, { data: { adminUser: olga } }],
      'PUT /admin/admin-users/21': (call) => [
        200,
        {
          data: { adminUser: { ...olga, ...call.body, role: { id: 3, slug: 'viewer', name: 'Read only' } } },
        },
      ],
    });
    renderWithToasts(<UserPage place={admins} />, { path: `${route}?id=21`, route, profile: admin });
    expect(await screen.findByRole('heading', { name: 'Olga Operator', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Olga Operator - RTB Panel');
    expect(screen.getByLabelText('E-mail')).toHaveValue('olga@example.com');
    expect(screen.getByLabelText('E-mail')).toBeDisabled();
    expect(screen.getByLabelText('Role')).toHaveValue('2');

    const user = userEvent.setup();
    await fill(user, 'Phone', '+48 600 700 800');
    await user.selectOptions(screen.getByLabelText('Role'), 'Read only');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes have been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Olga',
      lastName: 'Operator',
      phone: '+48 600 700 800',
      roleId: 3,
      locale: 'en',
      _method: 'PUT',
    });
    const summary = screen.getByRole('region', { name: 'User summary' });
    expect(within(summary).getByText('Read only')).toBeInTheDocument();
  });

  it('disables after confirmation, with a toast and the status refreshed', async () => {
    let current = olga;
    const calls = stubApi({
      ...reference,
      'GET /admin/admin-users/21': () => [200, { data: { adminUser: current } }],
      'PUT /admin/admin-users/21/enabled': (call) => {
        current = { ...olga, user: { ...olga.user, enabled: Boolean(call.body?.enabled) } };
        return [200, { data: { adminUser: current } }];
      },
    });
    renderWithToasts(<UserPage place={admins} />, { path: `${route}?id=21`, route, profile: admin });
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Account' })).findByRole('button', {
        name: 'Disable',
      }),
    );
    expect(window.confirm).toHaveBeenCalledWith(
      'Disable Olga Operator? They are signed out at once and cannot sign in until enabled again.',
    );
    expect(await screen.findByText('Olga Operator has been disabled and signed out.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/enabled'))?.body).toEqual({ enabled: false, _method: 'PUT' });
    const summary = screen.getByRole('region', { name: 'User summary' });
    expect(await within(summary).findByText('Disabled')).toBeInTheDocument();
    expect(within(accountBox()).getByRole('button', { name: 'Enable' })).toBeInTheDocument();
    // A disabled user gets no e-mails.
    expect(
      within(accountBox()).queryByRole('button', { name: 'Send password reset' }),
    ).not.toBeInTheDocument();
  });

  it('does nothing when the confirmation is declined', async () => {
    vi.mocked(window.confirm).mockReturnValue(false);
    const calls = stubApi({
      ...reference,
      'GET /admin/admin-users/21': [200, { data: { adminUser: olga } }],
    });
    renderWithToasts(<UserPage place={admins} />, { path: `${route}?id=21`, route, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Disable' }));
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('resends the activation e-mail and sends a password reset, each with a toast', async () => {
    const pending = { ...olga, emailVerified: false, lastLoginAt: null };
    const calls = stubApi({
      ...reference,
      'GET /admin/admin-users/21': [200, { data: { adminUser: pending } }],
      'POST /admin/admin-users/21/activation-email': [200, { data: { status: 'activation_sent' } }],
      'POST /admin/admin-users/21/password': [
        200,
        { data: { userPasswordReset: { email: 'olga@example.com', validMinutes: 60 } } },
      ],
    });
    renderWithToasts(<UserPage place={admins} />, { path: `${route}?id=21`, route, profile: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Resend activation e-mail' }));
    expect(
      await screen.findByText('We have sent a new activation e-mail to olga@example.com.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send password reset' }));
    expect(
      await screen.findByText('We have sent a password-reset e-mail to olga@example.com.'),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/admin-users/21/activation-email',
      '/admin/admin-users/21/password',
    ]);
    // The profile is loaded again after each action.
    expect(calls.filter((c) => c.path === '/admin/admin-users/21').length).toBeGreaterThanOrEqual(3);
  });

  it('shows a refused action as an error toast in the interface language', async () => {
    stubApi({
      ...reference,
      'GET /admin/admin-users/21': [200, { data: { adminUser: { ...olga, emailVerified: false } } }],
      'POST /admin/admin-users/21/activation-email': [
        422,
        { message: 'This user has already activated their account.', code: 422 },
      ],
    });
    renderWithToasts(<UserPage place={admins} />, { path: `${route}?id=21`, route, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Resend activation e-mail' }));
    expect(await screen.findByText('This user has already activated their account.')).toBeInTheDocument();
  });

  it('keeps admins from disabling themselves or changing their own role', async () => {
    const self = makeAdminUser({ user: { id: admin.id, login: admin.login, enabled: true } });
    stubApi({ ...reference, 'GET /admin/admin-users/21': [200, { data: { adminUser: self } }] });
    renderWithToasts(<UserPage place={admins} />, { path: `${route}?id=21`, route, profile: admin });
    await screen.findByRole('heading', { name: 'Olga Operator', level: 1 });
    expect(screen.queryByRole('button', { name: 'Disable' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Role')).toBeDisabled();
    expect(
      screen.getAllByText('This is your own account: you cannot disable it or change its role.'),
    ).not.toHaveLength(0);
  });

  it('is read-only for readers: no save, no actions', async () => {
    stubApi({ ...reference, 'GET /admin/admin-users/21': [200, { data: { adminUser: olga } }] });
    renderWithToasts(<UserPage place={admins} />, { path: `${route}?id=21`, route, profile: reader });
    await screen.findByRole('heading', { name: 'Olga Operator', level: 1 });
    expect(screen.getByText('You can view this user but not change them.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Account' })).not.toBeInTheDocument();
  });

  it('shows Not found for an unknown or malformed id', async () => {
    const calls = stubApi({
      ...reference,
      'GET /admin/admin-users/999': [404, { message: 'Not Found', code: 404 }],
    });
    const { unmount } = renderWithToasts(<UserPage place={admins} />, {
      path: `${route}?id=999`,
      route,
      profile: admin,
    });
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to users/ })).toHaveAttribute(
      'href',
      '/panel/admin/admins',
    );
    unmount();
    renderWithToasts(<UserPage place={admins} />, { path: `${route}?id=abc`, route, profile: admin });
    expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path.startsWith('/admin/admin-users/')).length).toBe(1));
  });
});
