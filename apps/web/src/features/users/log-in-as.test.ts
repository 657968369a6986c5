import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeMe, stubApi } from '../../account/account-test-utils';
import { pageNavigation } from '../../lib/page-navigation';
import { cookies } from '../../lib/storage';
import { clearCookies } from '../../shell/test-utils/fixtures';
import { logInAs } from './log-in-as';

let assign: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  clearCookies();
  assign = vi.spyOn(pageNavigation, 'assign').mockImplementation(() => {});
  vi.spyOn(console, 'warn').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearCookies();
});

const session = (kind: 'agency' | 'advertiser', authToken: string) =>
  [200, { data: { me: makeMe(kind, { hasSourceUser: true }), authToken } }] as const;

describe('log in as', () => {
  it("as a user: the admin's token becomes the source, the user's the auth token, and their panel reloads", async () => {
    cookies.set('authToken', 'admin-token');
    cookies.set('agencyId', '3');
    const calls = stubApi({ 'POST /admin/agency-users/7/auth': session('agency', 'agency-token') });
    await logInAs({ panel: 'admin', kind: 'agency' }, { userId: 7 });
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['POST /admin/agency-users/7/auth']);
    expect(cookies.get('sourceToken')).toBe('admin-token');
    expect(cookies.get('authToken')).toBe('agency-token');
    expect(cookies.get('agencyId')).toBeUndefined();
    expect(assign).toHaveBeenCalledWith('/panel/agency');
  });

  it("as an organisation: through the organisation's own endpoint", async () => {
    cookies.set('authToken', 'admin-token');
    const calls = stubApi({ 'POST /admin/advertisers/4/auth': session('advertiser', 'shop-token') });
    await logInAs({ panel: 'admin', kind: 'advertiser' }, { organisationId: 4 });
    expect(calls.map((c) => c.path)).toEqual(['/admin/advertisers/4/auth']);
    expect(cookies.get('authToken')).toBe('shop-token');
    expect(assign).toHaveBeenCalledWith('/panel/advertiser');
  });

  it('keeps the admin session when the API refuses', async () => {
    cookies.set('authToken', 'admin-token');
    stubApi({
      'POST /admin/agency-users/7/auth': [
        422,
        { message: 'This user is disabled, so you cannot log in as them.', code: 422 },
      ],
    });
    await expect(logInAs({ panel: 'admin', kind: 'agency' }, { userId: 7 })).rejects.toMatchObject({
      code: 422,
    });
    expect(cookies.get('authToken')).toBe('admin-token');
    expect(cookies.get('sourceToken')).toBeUndefined();
    expect(assign).not.toHaveBeenCalled();
  });
});
