import { describe, expect, it } from 'vitest';
import en from '../locales/en/shell.json';
import pl from '../locales/pl/shell.json';

const keys = (value: unknown, prefix = ''): string[] =>
  typeof value === 'object' && value !== null
    ? Object.entries(value).flatMap(([key, inner]) => keys(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];

const texts = (value: unknown): unknown[] =>
  typeof value === 'object' && value !== null ? Object.values(value).flatMap(texts) : [value];

describe('shell texts', () => {
  it('has every English key in Polish and the other way round, none empty', () => {
    expect(keys(pl).sort()).toEqual(keys(en).sort());
    for (const text of [...texts(en), ...texts(pl)]) {
      expect(typeof text).toBe('string');
      expect(text).not.toBe('');
    }
  });

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
