import { describe, expect, it } from 'vitest';
import { isServiceUser, logoutDestination, readableTextOn, shortName } from './profile-info';
import { advertiserMe, advertiserUser, agencyMe, agencyUser } from './test-utils/fixtures';

describe('profile info', () => {
  it("builds the short name with '---' for a missing part", () => {
    expect(shortName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
    expect(shortName({ firstName: '', lastName: 'Lovelace' })).toBe('--- Lovelace');
    expect(shortName({ firstName: 'Ada', lastName: null })).toBe('Ada ---');
    expect(shortName(null)).toBe('--- ---');
  });

  it('knows service users per panel', () => {
    expect(isServiceUser('agency', agencyMe({ agencyUser: agencyUser({ type: 'service' }) }))).toBe(true);
    expect(isServiceUser('agency', agencyMe())).toBe(false);
    expect(
      isServiceUser('advertiser', advertiserMe({ advertiserUser: advertiserUser({ type: 'service' }) })),
    ).toBe(true);
    expect(isServiceUser('admin', advertiserMe())).toBe(false);
  });

  it('sends an admin user to the admin prefix after logout, anyone else by the box', () => {
    expect(logoutDestination('admin', 'admin')).toBe('/panel/admin');
    expect(logoutDestination('agency', 'admin')).toBe('/panel/admin');
    expect(logoutDestination('agency', 'agency')).toBe('/panel/agency');
    expect(logoutDestination('advertiser', 'advertiser')).toBe('/panel/advertiser');
    expect(logoutDestination('admin', 'advertiser')).toBe('/panel/advertiser');
  });

  it('picks white or dark avatar text for contrast', () => {
    expect(readableTextOn('#2563eb')).toBe('#ffffff');
    expect(readableTextOn('#ca8a04')).toBe('#1f2a24');
    expect(readableTextOn('not a colour')).toBe('#ffffff');
  });
});
