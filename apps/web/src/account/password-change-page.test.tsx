import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookies } from '../lib/storage';
import { fill, makeMe, renderPage, stubApi, validationError } from './account-test-utils';
import { PasswordChangePage } from './password-change-page';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cookies.remove('authToken');
  window.localStorage.clear();
});

const path = '/account/agency/password-change';
const lookup = [
  200,
  { data: { user: { login: 'ewa@example.com', firstName: 'Ewa', lastName: 'Nowak' } } },
] as const;

describe('PasswordChangePage', () => {
  it('says the link is invalid when there is no token, and links to a new request', async () => {
    const calls = stubApi({});
    renderPage(<PasswordChangePage kind="agency" />, { path });
    expect(screen.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute(
      'href',
      '/account/agency/password-reset',
    );
    expect(calls).toHaveLength(0);
  });

  it('looks the token up first and says the link is invalid on 404', async () => {
    const calls = stubApi({
      'GET /agency/auth/password-reset-token': [404, { message: 'Not Found', code: 404 }],
    });
    renderPage(<PasswordChangePage kind="agency" />, { path: `${path}?token=old`, route: path });
    expect(screen.getByRole('status')).toHaveTextContent('Checking the link…');
    expect(
      await screen.findByRole('heading', { name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(calls[0]?.query.get('token')).toBe('old');
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('shows whose password it is, sets it, signs in and opens the panel', async () => {
    const me = makeMe('agency');
    const calls = stubApi({
      'GET /agency/auth/password-reset-token': lookup,
      'POST /agency/auth/password': [200, { data: { me, authToken: 'new-token' } }],
    });
    renderPage(<PasswordChangePage kind="agency" />, { path: `${path}?token=abc`, route: path });

    expect(await screen.findByText('ewa@example.com')).toBeInTheDocument();
    const user = userEvent.setup();
    await fill(user, 'New password', 'lantern-parsley-42');
    await fill(user, 'Repeat the new password', 'lantern-parsley-42');
    await user.click(screen.getByRole('button', { name: 'Save the new password and log in' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/panel/agency');
    expect(screen.getByTestId('profile')).toHaveTextContent('ewa@example.com');
    expect(cookies.get('authToken')).toBe('new-token');
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({
      path: '/agency/auth/password',
      body: { token: 'abc', password: 'lantern-parsley-42', passwordConfirmation: 'lantern-parsley-42' },
    });
  });

  it('checks the confirmation on the client and shows server password errors on the field', async () => {
    stubApi({
      'GET /agency/auth/password-reset-token': lookup,
      'POST /agency/auth/password': validationError({
        password: ['This password is too common. Please choose another one.'],
      }),
    });
    renderPage(<PasswordChangePage kind="agency" />, { path: `${path}?token=abc`, route: path });
    await screen.findByLabelText('New password');
    const user = userEvent.setup();
    await fill(user, 'New password', 'password123');
    await fill(user, 'Repeat the new password', 'password12');
    await user.click(screen.getByRole('button', { name: 'Save the new password and log in' }));
    expect(screen.getByLabelText('Repeat the new password')).toHaveAccessibleDescription(
      'The passwords do not match.',
    );

    await fill(user, 'Repeat the new password', '3');
    await user.click(screen.getByRole('button', { name: 'Save the new password and log in' }));
    expect(
      await screen.findByText('This password is too common. Please choose another one.'),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });

  it('turns into the invalid-link state when the token is refused on submit', async () => {
    stubApi({
      'GET /agency/auth/password-reset-token': lookup,
      'POST /agency/auth/password': validationError({ token: ['This link is invalid or has expired.'] }),
    });
    renderPage(<PasswordChangePage kind="agency" />, { path: `${path}?token=abc`, route: path });
    await screen.findByLabelText('New password');
    const user = userEvent.setup();
    await fill(user, 'New password', 'lantern-parsley-42');
    await fill(user, 'Repeat the new password', 'lantern-parsley-42');
    await user.click(screen.getByRole('button', { name: 'Save the new password and log in' }));
    expect(
      await screen.findByRole('heading', { name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(cookies.get('authToken')).toBeUndefined();
  });
});
