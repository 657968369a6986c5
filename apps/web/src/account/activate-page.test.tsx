import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookies } from '../lib/storage';
import { fill, maintenance, makeMe, renderPage, stubApi, validationError } from './account-test-utils';
import { ActivatePage } from './activate-page';

beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  cookies.remove('authToken');
  window.localStorage.clear();
});

const path = '/account/advertiser/activate';
const page = (
  <StrictMode>
    <ActivatePage kind="advertiser" />
  </StrictMode>
);

describe('ActivatePage', () => {
  it('activates once on load (StrictMode too), signs in and opens the panel', async () => {
    const me = makeMe('advertiser');
    const calls = stubApi({ 'POST /advertiser/auth/activate': [200, { data: { me, authToken: 'tok' } }] });
    renderPage(page, { path: `${path}?token=abc`, route: path });
    expect(document.title).toBe('Account activation - RTB Panel');

    expect(await screen.findByTestId('location')).toHaveTextContent('/panel/advertiser');
    expect(screen.getByTestId('profile')).toHaveTextContent('ewa@example.com');
    expect(cookies.get('authToken')).toBe('tok');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toEqual({ token: 'abc' });
  });

  it('asks an invited user to choose a password, then activates with it', async () => {
    const me = makeMe('advertiser');
    const calls = stubApi({
      'POST /advertiser/auth/activate': (call) =>
        call.body?.password
          ? [200, { data: { me, authToken: 'tok' } }]
          : validationError({ password: ['Please set a password.'] }),
    });
    renderPage(page, { path: `${path}?token=abc`, route: path });

    expect(await screen.findByRole('heading', { name: 'Choose your password' })).toBeInTheDocument();
    const user = userEvent.setup();
    await fill(user, 'New password', 'lantern-parsley-42');
    await fill(user, 'Repeat the new password', 'lantern-parsley-42');
    await user.click(screen.getByRole('button', { name: 'Activate the account' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/panel/advertiser');
    expect(calls).toHaveLength(2);
    expect(calls[1]?.body).toEqual({
      token: 'abc',
      password: 'lantern-parsley-42',
      passwordConfirmation: 'lantern-parsley-42',
    });
  });

  it('shows the invalid-link state with a way to the login page for a refused token', async () => {
    stubApi({
      'POST /advertiser/auth/activate': validationError({ token: ['This link is invalid or has expired.'] }),
    });
    renderPage(page, { path: `${path}?token=used`, route: path });
    expect(
      await screen.findByRole('heading', { name: 'This link is invalid or has expired' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the login page' })).toHaveAttribute(
      'href',
      '/account/advertiser/login',
    );
    expect(cookies.get('authToken')).toBeUndefined();
  });

  it('shows the invalid-link state without calling the API when the token is missing', () => {
    const calls = stubApi({});
    renderPage(page, { path });
    expect(screen.getByRole('heading', { name: 'This link is invalid or has expired' })).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('shows the maintenance text on 503 and can try again', async () => {
    const me = makeMe('advertiser');
    let answer = maintenance;
    stubApi({ 'POST /advertiser/auth/activate': () => answer });
    renderPage(page, { path: `${path}?token=abc`, route: path });
    expect(
      await screen.findByText('The system is currently under maintenance. Please try again later.'),
    ).toBeInTheDocument();

    answer = [200, { data: { me, authToken: 'tok' } }];
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/panel/advertiser');
  });
});
