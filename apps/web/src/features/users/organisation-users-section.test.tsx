import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Call, makeMe, stubApi } from '../../account/account-test-utils';
import { formatDateTime } from '../../lib/format';
import { i18n } from '../../lib/i18n';
import { OrganisationUsersSection } from './organisation-users-section';
import { listReply, makeAdvertiserUser, makeAgencyUser, renderWithToasts } from './test-utils';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const path = '/panel/admin/agencies/single';
const admin = makeMe('admin');
const reader = makeMe('admin', { localRole: 'viewer', permissions: ['agency-users:read'] });
const ada = makeAgencyUser({
  id: 1,
  firstName: 'Ada',
  lastName: 'Agentka',
  email: 'ada@example.com',
  role: { id: 11, slug: 'admin', name: 'Administrator' },
});
const zoe = makeAgencyUser({
  id: 2,
  firstName: 'Zoe',
  lastName: 'Zielińska',
  email: 'zoe@example.com',
  type: 'service',
  user: { id: 102, login: 'zoe@example.com', enabled: false },
  emailVerified: false,
  lastLoginAt: null,
});
const lastQuery = (calls: Call[]) => Object.fromEntries(calls.at(-1)?.query ?? []);

describe('OrganisationUsersSection', () => {
  it("lists the organisation's users with role, type, status and last login, linking to their pages", async () => {
    const calls = stubApi({ 'GET /admin/agency-users': listReply('agency', [ada, zoe]) });
    renderWithToasts(
      <OrganisationUsersSection place={{ panel: 'admin', kind: 'agency' }} organisationId={3} />,
      { path, profile: admin },
    );
    const section = screen.getByRole('region', { name: 'Users' });
    const zoeRow = (await within(section).findByRole('link', { name: 'Zoe Zielińska' })).closest(
      'tr',
    ) as HTMLElement;
    expect(within(section).getByRole('link', { name: 'Zoe Zielińska' })).toHaveAttribute(
      'href',
      '/panel/admin/agency-users/single?id=2',
    );
    expect(within(zoeRow).getByText('zoe@example.com')).toBeInTheDocument();
    expect(within(zoeRow).getByText('Service')).toBeInTheDocument();
    expect(within(zoeRow).getByText('Disabled')).toBeInTheDocument();
    expect(within(zoeRow).getByText('Not activated')).toBeInTheDocument();
    expect(within(zoeRow).getByText('Never')).toBeInTheDocument();
    const adaRow = screen.getByRole('link', { name: 'Ada Agentka' }).closest('tr') as HTMLElement;
    expect(within(adaRow).getByText('Administrator')).toBeInTheDocument();
    expect(within(adaRow).getByText('Default')).toBeInTheDocument();
    expect(within(adaRow).getByText('Enabled')).toBeInTheDocument();
    expect(within(adaRow).getByText(formatDateTime('2024-06-02 08:30:00'))).toBeInTheDocument();
    expect(lastQuery(calls)).toEqual({ agencyId: '3', sort: 'name', order: 'asc', page: '1', perPage: '10' });
  });

  it('lists the users of an advertiser from their own endpoint', async () => {
    const calls = stubApi({
      'GET /admin/advertiser-users': listReply('advertiser', [makeAdvertiserUser({ id: 5 })]),
    });
    renderWithToasts(
      <OrganisationUsersSection place={{ panel: 'admin', kind: 'advertiser' }} organisationId={4} />,
      {
        path,
        profile: admin,
      },
    );
    expect(await screen.findByRole('link', { name: 'Olga Owczarek' })).toHaveAttribute(
      'href',
      '/panel/admin/advertiser-users/single?id=5',
    );
    expect(lastQuery(calls)).toMatchObject({ advertiserId: '4' });
  });

  it('searches, sorts and pages through the API', async () => {
    const calls = stubApi({
      'GET /admin/agency-users': listReply('agency', [ada], { total: 30, lastPage: 3, perPage: 10 }),
    });
    renderWithToasts(
      <OrganisationUsersSection place={{ panel: 'admin', kind: 'agency' }} organisationId={3} />,
      { path, profile: admin },
    );
    await screen.findByRole('link', { name: 'Ada Agentka' });
    const user = userEvent.setup();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ page: '2' }));
    await user.type(screen.getByLabelText('Search users by name or e-mail'), 'ada');
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ search: 'ada', page: '1', agencyId: '3' }));

    await user.click(screen.getByRole('button', { name: /Name/ }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'name', order: 'desc' }));
    await user.click(screen.getByRole('button', { name: /Last login/ }));
    await waitFor(() => expect(lastQuery(calls)).toMatchObject({ sort: 'lastLoginAt', order: 'asc' }));
  });

  it("offers 'Add user' to writers, which opens the new user's page of the organisation", async () => {
    stubApi({ 'GET /admin/agency-users': listReply('agency', [ada]) });
    renderWithToasts(
      <OrganisationUsersSection place={{ panel: 'admin', kind: 'agency' }} organisationId={3} />,
      { path, profile: admin },
    );
    await screen.findByRole('link', { name: 'Ada Agentka' });
    await userEvent.click(screen.getByRole('button', { name: 'Add user' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/panel/admin/agency-users/single');
  });

  it('hides Add user from readers', async () => {
    stubApi({ 'GET /admin/agency-users': listReply('agency', []) });
    renderWithToasts(
      <OrganisationUsersSection place={{ panel: 'admin', kind: 'agency' }} organisationId={3} />,
      {
        path,
        profile: reader,
      },
    );
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add user' })).not.toBeInTheDocument();
  });

  it('shows the empty states', async () => {
    stubApi({ 'GET /admin/agency-users': listReply('agency', []) });
    renderWithToasts(
      <OrganisationUsersSection place={{ panel: 'admin', kind: 'agency' }} organisationId={3} />,
      { path, profile: admin },
    );
    expect(await screen.findByText('No users yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add user' })).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Search users by name or e-mail'), 'nobody');
    expect(await screen.findByText('No users match')).toBeInTheDocument();
  });

  it('shows the error state and retries', async () => {
    let fail = true;
    stubApi({
      'GET /admin/agency-users': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : listReply('agency', [ada]),
    });
    renderWithToasts(
      <OrganisationUsersSection place={{ panel: 'admin', kind: 'agency' }} organisationId={3} />,
      { path, profile: admin },
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Ada Agentka' })).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'GET /admin/agency-users': listReply('agency', [zoe]) });
    renderWithToasts(
      <OrganisationUsersSection place={{ panel: 'admin', kind: 'agency' }} organisationId={3} />,
      { path, profile: admin },
    );
    expect(screen.getByRole('heading', { name: 'Użytkownicy', level: 2 })).toBeInTheDocument();
    expect(await screen.findByText('Serwisowy')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Dodaj użytkownika' })).toBeInTheDocument();
  });
});
