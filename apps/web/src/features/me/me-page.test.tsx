import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, makeMe, renderPage, stubApi, validationError } from '../../account/account-test-utils';
import { i18n } from '../../lib/i18n';
import { cookies } from '../../lib/storage';
import { MePage } from './me-page';

const at = '2024-01-01 00:00:00';
const locales = [
  200,
  {
    data: {
      locales: {
        elements: [
          { id: 1, code: 'en', name: 'English', enabled: true, createdAt: at, updatedAt: at },
          { id: 2, code: 'pl', name: 'Polski', enabled: true, createdAt: at, updatedAt: at },
        ],
        meta: { page: 1, perPage: 100, total: 2, lastPage: 1 },
      },
    },
  },
] as const;

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cookies.remove('locale');
  await i18n.changeLanguage('en');
});

const path = '/panel/agency/me';
const detailsForm = () => screen.getByRole('region', { name: 'Your details' });
const passwordForm = () => screen.getByRole('region', { name: 'Change password' });

describe('MePage', () => {
  it('has no settings for service users (spec section 6)', () => {
    const me = makeMe('advertiser');
    const calls = stubApi({ 'GET /locales': locales });
    renderPage(<MePage kind="advertiser" />, {
      path: '/panel/advertiser/me',
      profile: {
        ...me,
        advertiserUser: { ...(me.advertiserUser as NonNullable<typeof me.advertiserUser>), type: 'service' },
      },
    });
    expect(screen.getByRole('heading', { name: 'Service users have no user settings' })).toBeInTheDocument();
    expect(screen.queryByLabelText('First name')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('shows the profile and saves the edited names with PUT /{kind}/me', async () => {
    const me = makeMe('agency');
    const calls = stubApi({
      'GET /locales': locales,
      'PUT /agency/me': (call) => {
        const body = call.body as { firstName: string; lastName: string; phone: string };
        const agencyUser = { ...(me.agencyUser as NonNullable<typeof me.agencyUser>), ...body };
        return [200, { data: { me: { ...me, agencyUser } } }];
      },
    });
    renderPage(<MePage kind="agency" />, { path, profile: me });
    expect(document.title).toBe('User Settings - RTB Panel');
    expect(screen.getByText('Nowa Agencja')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveValue('Ewa');
    expect(screen.getByLabelText('Phone')).toHaveValue('+48 600 100 200');

    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('First name'));
    await fill(user, 'First name', 'Ewelina');
    await user.clear(screen.getByLabelText('Last name'));
    await fill(user, 'Last name', 'Kowalska');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Your details have been saved.')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe('/agency/me');
    expect(put?.body).toEqual({
      firstName: 'Ewelina',
      lastName: 'Kowalska',
      phone: '+48 600 100 200',
      locale: 'en',
      _method: 'PUT',
    });
    // The profile in the provider is the saved one: the summary shows the new name.
    expect(screen.getByText('Ewelina Kowalska')).toBeInTheDocument();
  });

  it('shows server field errors on the fields and no success message', async () => {
    const me = makeMe('admin');
    stubApi({
      'GET /locales': locales,
      'PUT /admin/me': validationError({
        'phone.number': ['Enter a phone number with digits, spaces, brackets or dashes.'],
      }),
    });
    renderPage(<MePage kind="admin" />, { path: '/panel/admin/me', profile: me });
    const user = userEvent.setup();
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByText('Enter a phone number with digits, spaces, brackets or dashes.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Your details have been saved.')).not.toBeInTheDocument();
  });

  it('checks the names on the client before calling the API', async () => {
    const calls = stubApi({ 'GET /locales': locales });
    renderPage(<MePage kind="advertiser" />, { path: '/panel/advertiser/me', profile: makeMe('advertiser') });
    const user = userEvent.setup();
    await user.clear(screen.getByLabelText('Last name'));
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));
    expect(screen.getByLabelText('Last name')).toHaveAccessibleDescription('This field is required.');
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('switches the interface to the saved language', async () => {
    const me = makeMe('agency');
    stubApi({
      'GET /locales': locales,
      'PUT /agency/me': [200, { data: { me: { ...me, locale: 'pl' } } }],
    });
    renderPage(<MePage kind="agency" />, { path, profile: me });
    const user = userEvent.setup();
    await screen.findByRole('option', { name: 'Polski' });
    await user.selectOptions(screen.getByLabelText('Language'), 'pl');
    await user.click(within(detailsForm()).getByRole('button', { name: 'Save changes' }));

    expect(
      await screen.findByRole('heading', { name: 'Ustawienia użytkownika', level: 1 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Twoje dane zostały zapisane.')).toBeInTheDocument();
    expect(i18n.language).toBe('pl');
    expect(cookies.get('locale')).toBe('pl');
  });

  it('puts a wrong current password on its field', async () => {
    const calls = stubApi({
      'GET /locales': locales,
      'POST /agency/me/password': validationError({
        currentPassword: ['The current password is incorrect.'],
      }),
    });
    renderPage(<MePage kind="agency" />, { path, profile: makeMe('agency') });
    const user = userEvent.setup();
    await fill(user, 'Current password', 'not-my-password');
    await fill(user, 'New password', 'lantern-parsley-42');
    await fill(user, 'Repeat the new password', 'lantern-parsley-42');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByText('The current password is incorrect.')).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      currentPassword: 'not-my-password',
      password: 'lantern-parsley-42',
      passwordConfirmation: 'lantern-parsley-42',
    });
  });

  it('changes the password, confirms it and empties the form', async () => {
    const me = makeMe('advertiser');
    stubApi({ 'GET /locales': locales, 'POST /advertiser/me/password': [200, { data: { me } }] });
    renderPage(<MePage kind="advertiser" />, { path: '/panel/advertiser/me', profile: me });
    const user = userEvent.setup();
    await fill(user, 'Current password', 'old-password-1');
    await fill(user, 'New password', 'lantern-parsley-42');
    await fill(user, 'Repeat the new password', 'lantern-parsley-42');
    await user.click(within(passwordForm()).getByRole('button', { name: 'Change password' }));

    expect(
      await screen.findByText('Your password has been changed. Your other sessions have been logged out.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });
});
