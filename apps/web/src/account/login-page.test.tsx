import { messages } from '@rtb/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { fill, makeMe, renderPage, stubApi } from './account-test-utils';
import { LoginPage } from './login-page';

beforeEach(async () => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  await i18n.changeLanguage('en');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18n.changeLanguage('en');
});

const throttled = {
  message: 'Too many attempts. Please try again in 4 minutes.',
  code: 429,
  retryAfter: 221,
};

async function submit(password = 'some-password-1') {
  renderPage(<LoginPage kind="agency" />, { path: '/account/agency/login' });
  const user = userEvent.setup();
  await fill(user, 'Login', 'ewa@example.com');
  await fill(user, 'Password', password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
  return user;
}

describe('LoginPage', () => {
  it("shows the server's words for a 429, not 'Incorrect login or password'", async () => {
    stubApi({ 'POST /agency/auth/token': [429, throttled] });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many attempts. Please try again in 4 minutes.',
    );
    expect(screen.queryByText(messages.incorrectLogin)).not.toBeInTheDocument();
  });

  it('says the same in Polish', async () => {
    await i18n.changeLanguage('pl');
    stubApi({ 'POST /agency/auth/token': [429, throttled] });
    renderPage(<LoginPage kind="agency" />, { path: '/account/agency/login' });
    const user = userEvent.setup();
    await fill(user, 'Login', 'ewa@example.com');
    await fill(user, 'Hasło', 'some-password-1');
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zbyt wiele prób. Spróbuj ponownie za 4 minuty.',
    );
  });

  it("shows 'Incorrect login or password' for a 401", async () => {
    stubApi({ 'POST /agency/auth/token': [401, { message: messages.incorrectLogin, code: 401 }] });
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(messages.incorrectLogin);
  });

  it('offers to send the activation mail again when the answer names the unverified account', async () => {
    const calls = stubApi({
      'POST /agency/auth/token': [401, { message: messages.emailNotVerified, code: 401, accountId: 42 }],
      'POST /user/auth/resend-verification-email/42': [200, { data: { status: 'verification_sent' } }],
    });
    const user = await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your email is not verified. Please check your inbox.',
    );
    await user.click(screen.getByRole('button', { name: 'Send the activation e-mail again' }));
    expect(calls.map((c) => `${c.method} ${c.path}`)).toContain(
      'POST /user/auth/resend-verification-email/42',
    );
  });

  it('checks the fields with the shared schema, loaded with the form, before sending anything', async () => {
    const calls = stubApi({});
    renderPage(<LoginPage kind="agency" />, { path: '/account/agency/login' });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('logs in and goes to the panel', async () => {
    stubApi({
      'POST /agency/auth/token': [200, { data: { me: makeMe('agency'), authToken: 'a'.repeat(43) } }],
    });
    await submit();
    expect(await screen.findByTestId('location')).toHaveTextContent('/panel/agency');
  });
});
