import { route } from '@rtb/shared/contract';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { api } from '../lib/api-client';
import { cookies, local } from '../lib/storage';
import { advertiserMe, agencyMe, clearCookies } from '../shell/test-utils/fixtures';
import { renderWithApp } from '../test/render';
import { PanelGuard } from './guard';

/** Any call of the panel, refused or not. */
const balances = route('GET', '/advertiser/balances', { response: z.unknown() });

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function app(path = '/panel/advertiser') {
  return renderWithApp(
    <Routes>
      <Route
        path="/panel/advertiser/*"
        element={
          <PanelGuard kind="advertiser" loading={<p>loading</p>}>
            <p>advertiser content</p>
          </PanelGuard>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>,
    { path },
  );
}

function answer(status: number, body: unknown) {
  const fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

beforeEach(() => {
  clearCookies();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('panel guard', () => {
  it('fails at once without a stored token and shows the login page', async () => {
    const fetch = answer(200, {});
    app();
    expect(await screen.findByTestId('where')).toHaveTextContent('/account/advertiser/login');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('loads the profile (pending), then shows the content and stores the advertiser id', async () => {
    cookies.set('authToken', 'tok');
    answer(200, { data: { me: advertiserMe() } });
    app();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('advertiser content')).toBeInTheDocument();
    expect(cookies.get('advertiserId')).toBe('30');
  });

  it('fails and clears the session when the token is refused', async () => {
    cookies.set('authToken', 'dead');
    local.set('profileRole', 'admin');
    answer(401, { message: 'Unauthenticated.', code: 401 });
    app();
    expect(await screen.findByTestId('where')).toHaveTextContent('/account/advertiser/login');
    expect(cookies.get('authToken')).toBeUndefined();
    expect(local.get('profileRole')).toBeNull();
  });

  it('fails when the advertiser profile has no advertiser id, and clears the profile', async () => {
    cookies.set('authToken', 'tok');
    answer(200, { data: { me: advertiserMe({ advertiserUser: null }) } });
    app();
    expect(await screen.findByTestId('where')).toHaveTextContent('/account/advertiser/login');
    expect(cookies.get('authToken')).toBeUndefined();
  });

  it('sends another kind of user to their own prefix', async () => {
    cookies.set('authToken', 'tok');
    answer(200, { data: { me: agencyMe() } });
    app();
    expect(await screen.findByTestId('where')).toHaveTextContent('/panel/agency');
  });

  it('keeps the token when the API cannot be reached', async () => {
    cookies.set('authToken', 'tok');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    );
    app();
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/account/advertiser/login'));
    expect(cookies.get('authToken')).toBe('tok');
  });

  it('sends the user to the login page once the server refuses the token', async () => {
    cookies.set('authToken', 'tok');
    answer(200, { data: { me: advertiserMe() } });
    app('/panel/advertiser/payments');
    expect(await screen.findByText('advertiser content')).toBeInTheDocument();

    answer(401, { message: 'Unauthenticated.', code: 401 });
    await api.call(balances).catch(() => {});
    expect(await screen.findByTestId('where')).toHaveTextContent('/account/advertiser/login');
    expect(cookies.get('authToken')).toBeUndefined();
  });

  it('keeps the session when a refused call was made with a token replaced since', async () => {
    cookies.set('authToken', 'tok');
    answer(200, { data: { me: advertiserMe() } });
    app();
    expect(await screen.findByText('advertiser content')).toBeInTheDocument();

    // 'Log in as' or the return swapped the token while the old one's call was under way.
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        cookies.set('authToken', 'newer');
        return new Response(JSON.stringify({ message: 'Unauthenticated.', code: 401 }), { status: 401 });
      }),
    );
    await api.call(balances).catch(() => {});
    expect(screen.getByText('advertiser content')).toBeInTheDocument();
    expect(cookies.get('authToken')).toBe('newer');
  });
});
