import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, stubApi } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { listReply, makeAdminUser, renderWithToasts } from './test-utils';
import { UsersPage } from './users-page';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const path = '/panel/admin/admins';
const admins = { panel: 'admin', kind: 'admin' } as const;
const ada = makeAdminUser({
  id: 1,
  firstName: 'Ada',
  lastName: 'Admin',
  email: 'admin@example.com',
  role: { id: 1, slug: 'admin', name: 'Administrator' },
});
const zoe = makeAdminUser({
  id: 2,
  firstName: 'Zoe',
  lastName: 'Zielińska',
  email: 'zoe@example.com',
  user: { id: 102, login: 'zoe@example.com', enabled: false },
  lastLoginAt: null,
  emailVerified: false,
});
const reader = makeMe('admin', { localRole: 'viewer', permissions: ['admin-users:read', 'roles:read'] });

const lastQuery = (calls: { method: string; path: string; query: URLSearchParams }[]) =>
  Object.fromEntries(calls.filter((c) => c.path === '/admin/admin-users').at(-1)?.query ?? []);

describe('UsersPage of admin users', () => {
  it('lists the users with role, status and last login, and links to each', async () => {
    stubApi({ 'GET /admin/admin-users': listReply('admin', [ada, zoe]) });
    renderWithToasts(<UsersPage place={admins} />, { path, profile: makeMe('admin') });
    expect(document.title).toBe('Users - RTB Panel');
    expect(screen.getByRole('heading', { name: 'Users', level: 1 })).toBeInTheDocument();

    const row = (await screen.findByRole('link', { name: 'Zoe Zielińska' })).closest('tr') as HTMLElement;
    expect(screen.getByRole('link', { name: 'Zoe Zielińska' })).toHaveAttribute(
      'href',
      '/panel/admin/admins/single?id=2',
    );
    expect(within(row).getByText('zoe@example.com')).toBeInTheDocument();
    expect(within(row).getByText('Disabled')).toBeInTheDocument();
    expect(within(row).getByText('Not activated')).toBeInTheDocument();
    expect(within(row).getByText('Never')).toBeInTheDocument();

    const adaRow = screen.getByRole('link', { name: 'Ada Admin' }).closest('tr') as HTMLElement;
    expect(within(adaRow).getByText('Administrator')).toBeInTheDocument();
    expect(within(adaRow).getByText('Enabled')).toBeInTheDocument();
    expect(within(adaRow).getByText(formatDateTime('2024-06-02 08:30:00'))).toBeInTheDocument();
    expect(formatDateTime('2024-06-02 08:30:00')).toMatch(/^\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/);
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
  });

  it('searches, filters by status, sorts and pages through the API', async () => {
    const calls = stubApi({
      'GET /admin/admin-users': listReply('admin', [ada], { total: 30, lastPage: 2 }),
    });
    renderWithToasts(<UsersPage place={admins} />, { path, profile: makeMe('admin') });
    await screen.findByRole('link', { name: 'Ada Admin' });
    const user = userEvent.setup();

    await user.type(screen.getByLabelText('Search by name or e-mail'), 'ada');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'ada', page: '1' }));

    await user.selectOptions(screen.getByLabelText('Status'), 'false');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'ada', enabled: 'false' }));

    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'name', order: 'desc' }));
    await user.click(screen.getByRole('button', { name: /E-mail/ }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'email', order: 'asc' }));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '2', sort: 'email' }));
  });

  it('offers Add user to writers, which opens the single page', async () => {
    stubApi({ 'GET /admin/admin-users': listReply('admin', [ada]) });
    renderWithToasts(<UsersPage place={admins} />, { path, profile: makeMe('admin') });
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/panel/admin/admins/single');
  });

  it('hides Add user from readers', async () => {
    stubApi({ 'GET /admin/admin-users': listReply('admin', [ada]) });
    renderWithToasts(<UsersPage place={admins} />, { path, profile: reader });
    await screen.findByRole('link', { name: 'Ada Admin' });
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    stubApi({ 'GET /admin/admin-users': listReply('admin', []) });
    const { unmount } = renderWithToasts(<UsersPage place={admins} />, { path, profile: makeMe('admin') });
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    unmount();
    renderWithToasts(<UsersPage place={admins} />, {
      path: `${path}?search=nobody`,
      profile: makeMe('admin'),
    });
    expect(await screen.findByText('No users match')).toBeInTheDocument();
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    stubApi({
      'GET /admin/admin-users': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : listReply('admin', [ada]),
    });
    renderWithToasts(<UsersPage place={admins} />, { path, profile: makeMe('admin') });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ada Admin' })).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'GET /admin/admin-users': listReply('admin', [zoe]) });
    renderWithToasts(<UsersPage place={admins} />, { path, profile: makeMe('admin') });
    expect(screen.getByRole('heading', { name: 'Użytkownicy', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('Wyłączony')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dodaj użytkownika' })).toBeInTheDocument();
  });
});
