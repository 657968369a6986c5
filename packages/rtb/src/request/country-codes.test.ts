import { describe, expect, it } from 'vitest';
import { alpha2ByAlpha3, countryAlpha2 } from './country-codes';

describe('countryAlpha2', () => {
  it('knows every officially assigned ISO 3166-1 code, each alpha-2 once', () => {
    const alpha3 = Object.keys(alpha2ByAlpha3);
    const alpha2 = Object.values(alpha2ByAlpha3);
    expect(alpha3).toHaveLength(249);
    expect(new Set(alpha2).size).toBe(249);
    for (const code of alpha3) expect(code).toMatch(/^[A-Z]{3}$/);
    for (const code of alpha2) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it.each([
    ['USA', 'US'],
    ['GBR', 'GB'],
    ['DEU', 'DE'],
    ['POL', 'PL'],
    ['CHE', 'CH'],
    ['SSD', 'SS'],
    ['CUW', 'CW'],
    ['ATA', 'AQ'],
    ['pol', 'PL'],
    [' fra ', 'FR'],
  ])('converts %j to %j', (code, alpha2) => {
    expect(countryAlpha2(code)).toBe(alpha2);
  });

  it('accepts alpha-2 codes', () => {
    expect(countryAlpha2('PL')).toBe('PL');
    expect(countryAlpha2('de')).toBe('DE');
  });

  it.each(['', 'UK', 'XKX', 'EU', 'POLAND', 'P', 'ZZZ', '616'])('knows no country %j', (code) => {
    expect(countryAlpha2(code)).toBeNull();
  });
});
