import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pageNavigation } from '../../lib/page-navigation';
import { cookies, local } from '../../lib/storage';
import { advertiserMe, agencyMe, clearCookies } from '../test-utils/fixtures';
import {
  enterSubAccount,
  hasAdminSession,
  hasAgencySession,
  returnToAdminAccount,
  returnToAgencyAccount,
} from './swap-session';

/** The logout calls made, with the token each one carried; `fail` makes them answer 401. */
function stubLogout(fail = false) {
  const calls: { path: string; token: string | undefined; method: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const headers = init.headers as Record<string, string>;
      calls.push({
        path: url,
        token: headers.authorization?.replace('Bearer ', ''),
        method: JSON.parse(String(init.body ?? '{}'))._method,
      });
      return fail
        ? new Response(JSON.stringify({ message: 'Unauthenticated', code: 401 }), { status: 401 })
        : new Response(JSON.stringify({ data: { status: 'logged_out' } }), { status: 200 });
    }),
  );
  return calls;
}

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  clearCookies();
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearCookies();
  local.remove('profileRole');
});

describe('swap session', () => {
  it('returns to the admin account: the source token becomes the auth token and the admin prefix reloads', async () => {
    stubLogout();
    cookies.set('authToken', 'advertiser-token');
    cookies.set('sourceToken', 'admin-token');
    cookies.set('agencyToken', 'agency-token');
    cookies.set('advertiserId', '30');
    await returnToAdminAccount('advertiser');
    expect(cookies.get('authToken')).toBe('admin-token');
    expect(cookies.get('sourceToken')).toBeUndefined();
    expect(cookies.get('agencyToken')).toBeUndefined();
    expect(cookies.get('advertiserId')).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/panel/admin');
  });

  it('without a source token drops the session, so the admin logs in again', async () => {
    stubLogout();
    cookies.set('authToken', 'advertiser-token');
    await returnToAdminAccount('advertiser');
    expect(cookies.get('authToken')).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/panel/admin');
  });

  it('goes back to the agency account: the agency token becomes the auth token and the agency prefix reloads', async () => {
    stubLogout();
    cookies.set('authToken', 'advertiser-token');
    cookies.set('sourceToken', 'admin-token');
    cookies.set('agencyToken', 'agency-token');
    cookies.set('advertiserId', '30');
    expect(hasAgencySession()).toBe(true);
    await returnToAgencyAccount();
    expect(cookies.get('authToken')).toBe('agency-token');
    expect(cookies.get('agencyToken')).toBeUndefined();
    expect(cookies.get('advertiserId')).toBeUndefined();
    expect(cookies.get('sourceToken')).toBe('admin-token');
    expect(hasAgencySession()).toBe(false);
    expect(assign).toHaveBeenCalledWith('/panel/agency');
  });
});

describe('ending the sub-account sessions on the way back', () => {
  it('logs the sub-account token out before the admin token comes back', async () => {
    const calls = stubLogout();
    cookies.set('authToken', 'agency-token');
    cookies.set('sourceToken', 'admin-token');
    const done = returnToAdminAccount('agency');
    // Nothing is swapped or reloaded until the logout has answered.
    expect(cookies.get('authToken')).toBe('agency-token');
    expect(assign).not.toHaveBeenCalled();
    await done;
    expect(calls).toEqual([{ path: '/api/agency/auth/token', token: 'agency-token', method: 'DELETE' }]);
    expect(cookies.get('authToken')).toBe('admin-token');
    expect(assign).toHaveBeenCalledWith('/panel/admin');
  });

  it('from an advertiser opened by an agency: ends the advertiser session, then the agency one', async () => {
    const calls = stubLogout();
    cookies.set('authToken', 'advertiser-token');
    cookies.set('sourceToken', 'admin-token');
    cookies.set('agencyToken', 'agency-token');
    await returnToAdminAccount('advertiser');
    expect(calls).toEqual([
      { path: '/api/advertiser/auth/token', token: 'advertiser-token', method: 'DELETE' },
      { path: '/api/agency/auth/token', token: 'agency-token', method: 'DELETE' },
    ]);
    expect(cookies.get('authToken')).toBe('admin-token');
  });

  it('back to the agency: ends only the advertiser session', async () => {
    const calls = stubLogout();
    cookies.set('authToken', 'advertiser-token');
    cookies.set('agencyToken', 'agency-token');
    await returnToAgencyAccount();
    expect(calls).toEqual([
      { path: '/api/advertiser/auth/token', token: 'advertiser-token', method: 'DELETE' },
    ]);
  });

  it('goes back even when the logout fails or nothing answers', async () => {
    stubLogout(true);
    cookies.set('authToken', 'advertiser-token');
    cookies.set('sourceToken', 'admin-token');
    await returnToAdminAccount('advertiser');
    expect(cookies.get('authToken')).toBe('admin-token');
    expect(assign).toHaveBeenCalledWith('/panel/admin');

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    cookies.set('authToken', 'advertiser-token');
    cookies.set('agencyToken', 'agency-token');
    await returnToAgencyAccount();
    expect(cookies.get('authToken')).toBe('agency-token');
    expect(assign).toHaveBeenLastCalledWith('/panel/agency');
  });
});

describe('entering a sub-account', () => {
  it("keeps the admin's token as the source, stores the new session and reloads its panel", () => {
    cookies.set('authToken', 'admin-token');
    cookies.set('agencyToken', 'stale-agency-token');
    cookies.set('agencyId', '7');
    cookies.set('advertiserId', '30');
    enterSubAccount(
      {
        me: agencyMe({ hasSourceUser: true, localRole: 'viewer' }),
        authToken: 'agency-token',
      },
      'admin',
    );
    expect(cookies.get('sourceToken')).toBe('admin-token');
    expect(cookies.get('authToken')).toBe('agency-token');
    expect(cookies.get('agencyToken')).toBeUndefined();
    expect(cookies.get('agencyId')).toBeUndefined();
    expect(cookies.get('advertiserId')).toBeUndefined();
    expect(local.get('profileRole')).toBe('viewer');
    expect(assign).toHaveBeenCalledWith('/panel/agency');
  });

  it('goes to the panel of the kind of the sub-account', () => {
    cookies.set('authToken', 'admin-token');
    enterSubAccount({ me: advertiserMe({ hasSourceUser: true }), authToken: 'advertiser-token' }, 'admin');
    expect(assign).toHaveBeenCalledWith('/panel/advertiser');
  });

  it("from an agency: keeps the agency's token to go back to, and an admin's source token behind it", () => {
    cookies.set('authToken', 'agency-token');
    cookies.set('sourceToken', 'admin-token');
    cookies.set('agencyId', '20');
    enterSubAccount({ me: advertiserMe({ hasSourceUser: true }), authToken: 'advertiser-token' }, 'agency');
    expect(cookies.get('authToken')).toBe('advertiser-token');
    expect(cookies.get('agencyToken')).toBe('agency-token');
    expect(cookies.get('sourceToken')).toBe('admin-token');
    expect(cookies.get('agencyId')).toBeUndefined();
    expect(hasAgencySession()).toBe(true);
    expect(hasAdminSession()).toBe(true);
    expect(assign).toHaveBeenCalledWith('/panel/advertiser');
  });

  it('from an agency the agency user logged into themselves: no admin session to return to', () => {
    cookies.set('authToken', 'agency-token');
    enterSubAccount({ me: advertiserMe({ hasSourceUser: true }), authToken: 'advertiser-token' }, 'agency');
    expect(cookies.get('sourceToken')).toBeUndefined();
    expect(hasAgencySession()).toBe(true);
    expect(hasAdminSession()).toBe(false);
  });
});

describe('coming back to the page left', () => {
  afterEach(() => {
    window.sessionStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('brings the admin back to the page they logged in as someone from', async () => {
    stubLogout();
    cookies.set('authToken', 'admin-token');
    window.history.replaceState(null, '', '/panel/admin/advertisers/single?id=31');
    enterSubAccount({ me: advertiserMe({ hasSourceUser: true }), authToken: 'advertiser-token' }, 'admin');
    window.history.replaceState(null, '', '/panel/advertiser/payments');
    await returnToAdminAccount('advertiser');
    expect(assign).toHaveBeenLastCalledWith('/panel/admin/advertisers/single?id=31');
    // Remembered for one way back only.
    cookies.set('authToken', 'advertiser-token');
    cookies.set('sourceToken', 'admin-token');
    await returnToAdminAccount('advertiser');
    expect(assign).toHaveBeenLastCalledWith('/panel/admin');
  });

  it('brings the agency back to its page, and the admin behind it to theirs', async () => {
    stubLogout();
    cookies.set('authToken', 'admin-token');
    window.history.replaceState(null, '', '/panel/admin/agencies/single?id=20');
    enterSubAccount({ me: agencyMe({ hasSourceUser: true }), authToken: 'agency-token' }, 'admin');
    window.history.replaceState(null, '', '/panel/agency/advertisers/31');
    enterSubAccount({ me: advertiserMe({ hasSourceUser: true }), authToken: 'advertiser-token' }, 'agency');
    await returnToAgencyAccount();
    expect(assign).toHaveBeenLastCalledWith('/panel/agency/advertisers/31');
    await returnToAdminAccount('agency');
    expect(assign).toHaveBeenLastCalledWith('/panel/admin/agencies/single?id=20');
  });

  it('goes to the panel start when the remembered page is not in that panel', async () => {
    stubLogout();
    window.sessionStorage.setItem('subAccountReturn.admin', '/panel/advertiser/payments');
    cookies.set('authToken', 'advertiser-token');
    cookies.set('sourceToken', 'admin-token');
    await returnToAdminAccount('advertiser');
    expect(assign).toHaveBeenLastCalledWith('/panel/admin');
  });
});
