import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cookies, local } from '../lib/storage';
import { adminMe, agencyMe, clearCookies } from '../shell/test-utils/fixtures';
import { login, logout } from './session';

beforeEach(() => {
  clearCookies();
  window.localStorage.clear();
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer = (status: number, body: unknown) =>
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(body), { status })),
  );

describe('session', () => {
  it('login stores the token and the local role', async () => {
    answer(200, { data: { me: agencyMe({ localRole: 'manager' }), authToken: 'tok-1' } });
    const me = await login('agency', { login: 'a@example.com', password: 'x' });
    expect(me.role).toBe('agency');
    expect(cookies.get('authToken')).toBe('tok-1');
    expect(local.get('profileRole')).toBe('manager');
  });

  it('does not store the role of an admin', async () => {
    answer(200, { data: { me: adminMe(), authToken: 'tok-2' } });
    await login('admin', { login: 'admin@example.com', password: 'x' });
    expect(local.get('profileRole')).toBeNull();
  });

  it('a failed login stores nothing and rethrows the normalised error', async () => {
    answer(401, { message: 'Incorrect login or password', code: 401 });
    await expect(login('agency', { login: 'a', password: 'b' })).rejects.toMatchObject({ code: 401 });
    expect(cookies.get('authToken')).toBeUndefined();
  });

  it('logout clears the token, the organisation and the role even when the call fails', async () => {
    cookies.set('authToken', 'tok');
    cookies.set('agencyId', '5');
    local.set('profileRole', 'admin');
    answer(500, { message: 'A critical error occurred, please try again.', code: 500 });
    await logout('agency');
    expect(cookies.get('authToken')).toBeUndefined();
    expect(cookies.get('agencyId')).toBeUndefined();
    expect(local.get('profileRole')).toBeNull();
  });
});
