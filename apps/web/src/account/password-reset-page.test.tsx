import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fill, maintenance, renderPage, stubApi } from './account-test-utils';
import { PasswordResetPage } from './password-reset-page';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const confirmation = 'If an account exists for this address, we sent a link to set a new password:';

describe('PasswordResetPage', () => {
  it('requests the e-mail with DELETE /{kind}/auth/password and shows the same confirmation', async () => {
    const calls = stubApi({ 'DELETE /advertiser/auth/password': [200, { data: {} }] });
    renderPage(<PasswordResetPage kind="advertiser" />, { path: '/account/advertiser/password-reset' });
    expect(document.title).toBe('Password reset - RTB Panel');
    expect(screen.getByRole('link', { name: 'Back to login' })).toHaveAttribute(
      'href',
      '/account/advertiser/login',
    );

    const user = userEvent.setup();
    await fill(user, 'Login', ' Someone@Example.com ');
    await user.keyboard('{Enter}');

    expect(await screen.findByText(confirmation)).toBeInTheDocument();
    expect(screen.getByText('someone@example.com')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'DELETE',
      path: '/advertiser/auth/password',
      body: { login: 'someone@example.com', _method: 'DELETE' },
    });

    // Sending again goes back to the form with the address kept.
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(screen.getByLabelText('Login')).toHaveValue('someone@example.com');
  });

  it('asks for the login before sending anything', async () => {
    const calls = stubApi({});
    renderPage(<PasswordResetPage kind="agency" />, { path: '/account/agency/password-reset' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Send the link' }));
    expect(screen.getByLabelText('Login')).toHaveAccessibleDescription('This field is required.');
    expect(calls).toHaveLength(0);
  });

  it('shows the maintenance text on 503 instead of the confirmation', async () => {
    stubApi({ 'DELETE /agency/auth/password': maintenance });
    renderPage(<PasswordResetPage kind="agency" />, { path: '/account/agency/password-reset' });
    const user = userEvent.setup();
    await fill(user, 'Login', 'someone@example.com');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The system is currently under maintenance. Please try again later.',
    );
    expect(screen.queryByText(confirmation)).not.toBeInTheDocument();
  });
});
