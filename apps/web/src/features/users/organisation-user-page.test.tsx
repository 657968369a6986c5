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

const agencyRoute = '/panel/admin/agency-users/single';
const advertiserRoute = '/panel/admin/advertiser-users/single';
const admin = makeMe('admin');
const reader = makeMe('admin', {
  localRole: 'viewer',
  permissions: ['agency-users:read', 'advertiser-users:read', 'roles:read'],
});
const agencyReference = {
  'GET /admin/agency-users/roles': rolesReply('agency'),
  'GET /locales': localesReply,
};
const advertiserReference = {
  'GET /admin/advertiser-users/roles': rolesReply('advertiser'),
  'GET /locales': localesReply,
};
const detailsForm = () => screen.getByRole('region', { name: 'Details' });
const accountBox = () => screen.getByRole('region', { name: 'Account' });
const olga = makeAdvertiserUser();

describe('UserPage of agency and advertiser users: adding', () => {
  it("invites the user into the address's agency with POST, tells so and opens their page", async () => {
    const created = makeAgencyUser({
      id: 77,
      firstName: 'Nina',
      lastName: 'Nowa',
      email: 'nina@example.com',
    });
    const calls = stubApi({
      ...agencyReference,
      'POST /admin/agency-users': [201, { data: { agencyUser: created } }],
      'GET /admin/agency-users/77': [200, { data: { agencyUser: created } }],
      'GET /admin/agency-users': listReply('agency', [created]),
    });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'agency' }} />, {
      path: `${agencyRoute}?agencyId=3`,
      route: agencyRoute,
      profile: admin,
    });
    expect(await screen.findByRole('heading', { name: 'Add agency user', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Add agency user - RTB Panel');
    expect(screen.getByRole('link', { name: /Back to the agency/ })).toHaveAttribute(
      'href',
      '/panel/admin/agencies/single?id=3',
    );
    await screen.findByRole('region', { name: 'Details' });
    const user = userEvent.setup();
    await fill(user, 'E-mail', 'nina@example.com');
    await fill(user, 'First name', 'Nina');
    await fill(user, 'Last name', 'Nowa');
    await user.selectOptions(screen.getByLabelText('Role'), 'Read only');
    await user.selectOptions(screen.getByLabelText('Type'), 'Service');
    await user.selectOptions(screen.getByLabelText('Language'), 'pl');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add user' }));

    expect(
      await screen.findByText('The user has been added. We have sent them an activation e-mail.'),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      agencyId: 3,
      email: 'nina@example.com',
      firstName: 'Nina',
      lastName: 'Nowa',
      phone: '',
      roleId: 13,
      type: 'service',
      locale: 'pl',
    });
    expect(await screen.findByRole('heading', { name: 'Nina Nowa', level: 1 })).toBeInTheDocument();
  });

  it('checks the form on the client, then shows the server field errors and organisation errors', async () => {
    let reply = validationError({ email: ['This e-mail address already has an account.'] });
    const calls = stubApi({ ...advertiserReference, 'POST /admin/advertiser-users': () => reply });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'advertiser' }} />, {
      path: `${advertiserRoute}?advertiserId=4`,
      route: advertiserRoute,
      profile: admin,
    });
    const user = userEvent.setup();
    await screen.findByRole('region', { name: 'Details' });
    expect(screen.getByRole('heading', { name: 'Add advertiser user', level: 1 })).toBeInTheDocument();
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add user' }));
    expect(screen.getByLabelText('Role')).toHaveAccessibleDescription('Choose an option from the list.');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('This field is required.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await fill(user, 'E-mail', 'agency@example.com');
    await fill(user, 'First name', 'A');
    await fill(user, 'Last name', 'B');
    await user.selectOptions(screen.getByLabelText('Role'), 'Manager');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add user' }));
    expect(await screen.findByText('This e-mail address already has an account.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ advertiserId: 4, type: 'default' });

    // The organisation is not a field: its error is the form's.
    reply = validationError({ advertiserId: ['Choose an existing advertiser.'] });
    await user.clear(screen.getByLabelText('E-mail'));
    await fill(user, 'E-mail', 'free@example.com');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Add user' }));
    expect(await within(detailsForm()).findByRole('alert')).toHaveTextContent(
      'Choose an existing advertiser.',
    );
  });

  it('does not offer the form to readers', async () => {
    stubApi(agencyReference);
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'agency' }} />, {
      path: `${agencyRoute}?agencyId=3`,
      route: agencyRoute,
      profile: reader,
    });
    expect(await screen.findByText('You cannot add users.')).toBeInTheDocument();
    expect(screen.queryByLabelText('E-mail')).not.toBeInTheDocument();
  });
});

describe('UserPage of agency and advertiser users: one user', () => {
  it('shows the user with their organisation and saves the edited details with PUT', async () => {
    const calls = stubApi({
      ...advertiserReference,
      'GET /admin/advertiser-users/21': [200, { data: { advertiserUser: olga } }],
      'PUT /admin/advertiser-users/21': (call) => [
        200,
        {
          data: {
            advertiserUser: {
              ...olga,
              ...call.body,
              role: { id: 11, slug: 'admin', name: 'Administrator' },
            },
          },
        },
      ],
    });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'advertiser' }} />, {
      path: `${advertiserRoute}?id=21`,
      route: advertiserRoute,
      profile: admin,
    });
    expect(await screen.findByRole('heading', { name: 'Olga Owczarek', level: 1 })).toBeInTheDocument();
    expect(document.title).toBe('Olga Owczarek - RTB Panel');
    const summary = screen.getByRole('region', { name: 'User summary' });
    expect(within(summary).getByText('olga@example.com · Demo Shop')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to the advertiser/ })).toHaveAttribute(
      'href',
      '/panel/admin/advertisers/single?id=4',
    );
    expect(screen.getByLabelText('E-mail')).toBeDisabled();
    expect(screen.getByLabelText('Role')).toHaveValue('12');
    expect(screen.getByLabelText('Type')).toHaveValue('default');

    const user = userEvent.setup();
    await fill(user, 'Phone', '+48 600 700 800');
    await user.selectOptions(screen.getByLabelText('Role'), 'Administrator');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('The changes have been saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      firstName: 'Olga',
      lastName: 'Owczarek',
      phone: '+48 600 700 800',
      roleId: 11,
      type: 'default',
      locale: 'en',
      _method: 'PUT',
    });
    expect(within(summary).getByText('Administrator')).toBeInTheDocument();
  });

  it('shows the last-administrator rule on the field it concerns', async () => {
    stubApi({
      ...agencyReference,
      'GET /admin/agency-users/21': [200, { data: { agencyUser: makeAgencyUser() } }],
      'PUT /admin/agency-users/21': validationError({
        type: ['The organisation must keep at least one enabled default user with the administrator role.'],
      }),
    });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'agency' }} />, {
      path: `${agencyRoute}?id=21`,
      route: agencyRoute,
      profile: admin,
    });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByLabelText('Type'), 'Service');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Type')).toHaveAccessibleDescription(
        'The organisation must keep at least one enabled default user with the administrator role.',
      ),
    );
  });

  it('disables after confirmation, and shows a refusal as an error toast', async () => {
    let current = olga;
    let refuse = false;
    const calls = stubApi({
      ...advertiserReference,
      'GET /admin/advertiser-users/21': () => [200, { data: { advertiserUser: current } }],
      'PUT /admin/advertiser-users/21/enabled': (call) => {
        if (refuse)
          return validationError({
            enabled: [
              'The organisation must keep at least one enabled default user with the administrator role.',
            ],
          });
        current = { ...olga, user: { ...olga.user, enabled: Boolean(call.body?.enabled) } };
        return [200, { data: { advertiserUser: current } }];
      },
    });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'advertiser' }} />, {
      path: `${advertiserRoute}?id=21`,
      route: advertiserRoute,
      profile: admin,
    });
    const user = userEvent.setup();
    await user.click(
      await within(await screen.findByRole('region', { name: 'Account' })).findByRole('button', {
        name: 'Disable',
      }),
    );
    expect(window.confirm).toHaveBeenCalledWith(
      'Disable Olga Owczarek? They are signed out at once and cannot sign in until enabled again.',
    );
    expect(await screen.findByText('Olga Owczarek has been disabled and signed out.')).toBeInTheDocument();
    expect(calls.find((c) => c.path.endsWith('/enabled'))?.body).toEqual({ enabled: false, _method: 'PUT' });
    const summary = screen.getByRole('region', { name: 'User summary' });
    expect(await within(summary).findByText('Disabled')).toBeInTheDocument();
    // A disabled user gets no e-mails and cannot be logged in as.
    expect(
      within(accountBox()).queryByRole('button', { name: 'Send password reset' }),
    ).not.toBeInTheDocument();
    expect(within(accountBox()).getByRole('button', { name: 'Log in as' })).toBeDisabled();
    expect(within(accountBox()).getByText('A disabled user cannot be logged in as.')).toBeInTheDocument();

    refuse = true;
    await user.click(within(accountBox()).getByRole('button', { name: 'Enable' }));
    expect(
      await screen.findByText(
        'The organisation must keep at least one enabled default user with the administrator role.',
      ),
    ).toBeInTheDocument();
  });

  it('resends the activation e-mail and sends a password reset, each with a toast', async () => {
    const pending = { ...olga, emailVerified: false, lastLoginAt: null };
    const calls = stubApi({
      ...advertiserReference,
      'GET /admin/advertiser-users/21': [200, { data: { advertiserUser: pending } }],
      'POST /admin/advertiser-users/21/activation-email': [200, { data: { status: 'activation_sent' } }],
      'POST /admin/advertiser-users/21/password': [
        200,
        { data: { userPasswordReset: { email: 'olga@example.com', validMinutes: 60 } } },
      ],
    });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'advertiser' }} />, {
      path: `${advertiserRoute}?id=21`,
      route: advertiserRoute,
      profile: admin,
    });
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
      '/admin/advertiser-users/21/activation-email',
      '/admin/advertiser-users/21/password',
    ]);
    // Not activated yet: nobody can log in as them.
    expect(screen.getByRole('button', { name: 'Log in as' })).toBeDisabled();
    expect(
      screen.getByText('You can log in as this user once they have activated their account.'),
    ).toBeInTheDocument();
  });

  it("logs in as the user after confirmation: keeps the admin's token and reloads their panel", async () => {
    cookies.set('authToken', 'admin-token');
    cookies.set('advertiserId', '99');
    const me = makeMe('advertiser', { hasSourceUser: true, localRole: 'manager' });
    const calls = stubApi({
      ...advertiserReference,
      'GET /admin/advertiser-users/21': [200, { data: { advertiserUser: olga } }],
      'POST /admin/advertiser-users/21/auth': [200, { data: { me, authToken: 'olga-token' } }],
    });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'advertiser' }} />, {
      path: `${advertiserRoute}?id=21`,
      route: advertiserRoute,
      profile: admin,
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as' }));
    expect(window.confirm).toHaveBeenCalledWith(
      'Log in as Olga Owczarek? You will act with their permissions until you return to your admin account.',
    );
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/panel/advertiser'));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      '/admin/advertiser-users/21/auth',
    ]);
    expect(cookies.get('sourceToken')).toBe('admin-token');
    expect(cookies.get('authToken')).toBe('olga-token');
    expect(cookies.get('advertiserId')).toBeUndefined();
  });

  it('stays in the admin panel when log in as is refused or declined', async () => {
    cookies.set('authToken', 'admin-token');
    const calls = stubApi({
      ...agencyReference,
      'GET /admin/agency-users/21': [200, { data: { agencyUser: makeAgencyUser() } }],
      'POST /admin/agency-users/21/auth': [
        422,
        { message: 'This user is disabled, so you cannot log in as them.', code: 422 },
      ],
    });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'agency' }} />, {
      path: `${agencyRoute}?id=21`,
      route: agencyRoute,
      profile: admin,
    });
    vi.mocked(window.confirm).mockReturnValueOnce(false);
    await userEvent.click(await screen.findByRole('button', { name: 'Log in as' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: 'Log in as' }));
    expect(
      await screen.findByText('This user is disabled, so you cannot log in as them.'),
    ).toBeInTheDocument();
    expect(assign).not.toHaveBeenCalled();
    expect(cookies.get('authToken')).toBe('admin-token');
    expect(cookies.get('sourceToken')).toBeUndefined();
    expect(screen.getByRole('button', { name: 'Log in as' })).toBeEnabled();
  });

  it('is read-only for readers: no save, no actions', async () => {
    stubApi({
      ...advertiserReference,
      'GET /admin/advertiser-users/21': [200, { data: { advertiserUser: olga } }],
    });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'advertiser' }} />, {
      path: `${advertiserRoute}?id=21`,
      route: advertiserRoute,
      profile: reader,
    });
    await screen.findByRole('heading', { name: 'Olga Owczarek', level: 1 });
    expect(screen.getByText('You can view this user but not change them.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Account' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Log in as' })).not.toBeInTheDocument();
  });

  it('shows Not found for an unknown id or no id, and the error state with a retry', async () => {
    let fail = true;
    stubApi({
      ...agencyReference,
      'GET /admin/agency-users/999': [404, { message: 'Not Found', code: 404 }],
      'GET /admin/agency-users/21': () =>
        fail
          ? [500, { message: 'A critical error occurred, please try again.', code: 500 }]
          : [200, { data: { agencyUser: makeAgencyUser() } }],
    });
    for (const query of ['?id=999', '?id=abc', '']) {
      const { unmount } = renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'agency' }} />, {
        path: `${agencyRoute}${query}`,
        route: agencyRoute,
        profile: admin,
      });
      expect(await screen.findByRole('heading', { name: 'User not found' })).toBeInTheDocument();
      unmount();
    }
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'agency' }} />, {
      path: `${agencyRoute}?id=21`,
      route: agencyRoute,
      profile: admin,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'A critical error occurred, please try again.',
    );
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Olga Owczarek', level: 1 })).toBeInTheDocument();
  });

  it('speaks Polish', async () => {
    await i18n.changeLanguage('pl');
    stubApi({
      ...agencyReference,
      'GET /admin/agency-users/21': [200, { data: { agencyUser: makeAgencyUser({ type: 'service' }) } }],
    });
    renderWithToasts(<UserPage place={{ panel: 'admin', kind: 'agency' }} />, {
      path: `${agencyRoute}?id=21`,
      route: agencyRoute,
      profile: admin,
    });
    expect(await screen.findByRole('button', { name: 'Zaloguj jako' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Wróć do agencji/ })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Podsumowanie użytkownika' })).getByText('Serwisowy'),
    ).toBeInTheDocument();
  });
});
