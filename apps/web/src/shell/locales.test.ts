import { describe, expect, it } from 'vitest';
import en from '../locales/en/shell.json';

describe('shell texts', () => {
  it('has the spec texts word for word', () => {
    expect(en.subAccount).toMatchObject({
      text: 'You are logged into a sub-account',
      returnToAdmin: 'Return to admin account',
      backToAgency: 'Back to agency account',
      adminShort: 'Admin',
      agencyShort: 'Agency',
    });
    expect(en.connectivity).toEqual({
      lost: 'Internet connection lost',
      restored: 'Internet connection restored',
    });
    expect(en.profile).toMatchObject({ userSettings: 'User Settings', logout: 'Logout' });
    expect(en.profile.roles).toEqual({ admin: 'Admin', agency: 'Agency', advertiser: 'Advertiser' });
  });
});
