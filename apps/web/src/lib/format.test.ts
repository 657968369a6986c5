import { describe, expect, it } from 'vitest';
import {
  countryOptions,
  currencySymbol,
  formatCountry,
  formatDateTime,
  formatDay,
  formatFileSize,
  formatMoney,
  formatNumber,
  formatPercent,
  parseDay,
} from './format';

// Polish groups with a no-break space.
const nb = '\u00a0';

describe('format', () => {
  it('shows API datetimes (UTC) in local time as DD.MM.YYYY HH:mm', () => {
    const utc = '2026-03-04 05:06:07';
    const local = new Date(Date.UTC(2026, 2, 4, 5, 6, 7));
    const pad = (n: number) => String(n).padStart(2, '0');
    const expected = `${pad(local.getDate())}.${pad(local.getMonth() + 1)}.${local.getFullYear()} ${pad(local.getHours())}:${pad(local.getMinutes())}`;
    expect(formatDateTime(utc)).toBe(expected);
    expect(formatDateTime(utc, 'date')).toBe(expected.slice(0, 10));
    expect(formatDateTime(utc, 'dayMonth')).toBe(expected.slice(0, 5));
  });

  it('shows minor units with 2 decimals and the symbol or code, or Currency not set', () => {
    expect(formatMoney(123456, { code: 'PLN', symbol: 'zł' }, 'Currency not set')).toBe('1,234.56 zł');
    expect(formatMoney(-5, { code: 'EUR' }, 'Currency not set')).toBe('-0.05 EUR');
    expect(formatMoney(100, null, 'Currency not set')).toBe('Currency not set');
  });

  it('names a currency by its configured symbol, else by its ISO code', () => {
    expect(currencySymbol({ code: 'PLN', symbol: 'zł' })).toBe('zł');
    expect(currencySymbol({ code: 'PLN', symbol: '' })).toBe('PLN');
    expect(currencySymbol({ code: 'PLN' })).toBe('PLN');
  });

  it('groups thousands and uses the decimal separator of the language', () => {
    const pln = { code: 'PLN', symbol: 'zł' };
    expect(formatMoney(9_999_999_999_900, pln, '', 'en')).toBe('99,999,999,999.00 zł');
    expect(formatMoney(9_999_999_999_900, pln, '', 'pl')).toBe(`99${nb}999${nb}999${nb}999,00 zł`);
    expect(formatMoney(50_000, pln, '', 'pl')).toBe('500,00 zł');
    expect(formatMoney(-123_456, { code: 'EUR' }, '', 'pl')).toBe('-1234,56 EUR');
    expect(formatNumber(1_234_567, {}, 'en')).toBe('1,234,567');
    expect(formatNumber(1_234_567, {}, 'pl')).toBe(`1${nb}234${nb}567`);
  });

  it('rounds a commission percent to 2 decimals', () => {
    expect(formatPercent('15')).toBe('15.00%');
    expect(formatPercent(12.345)).toBe('12.35%');
    expect(formatPercent(12.345, 'pl')).toBe('12,35%');
  });

  it('names a country in the language, from its two-letter code', () => {
    expect(formatCountry({ name: 'Poland', code: 'PL' }, 'pl')).toBe('Polska');
    expect(formatCountry({ name: 'Polska', code: 'PL' }, 'en')).toBe('Poland');
    expect(formatCountry({ name: 'Germany', code: 'DE' }, 'pl')).toBe('Niemcy');
    // As the API sends a country: its three-letter ISO code is no region code Intl reads.
    const germany = { id: 2, code: 'DE', isoCode: 'DEU', name: 'Germany' };
    expect(formatCountry(germany, 'pl')).toBe('Niemcy');
    expect(countryOptions([germany, { id: 1, code: 'PL', isoCode: 'POL', name: 'Poland' }], 'pl')).toEqual([
      { value: 2, label: 'Niemcy' },
      { value: 1, label: 'Polska' },
    ]);
    expect(formatCountry({ name: 'Atlantis', code: 'QQ' }, 'pl')).toBe('Atlantis');
    expect(formatCountry({ name: 'Atlantis', code: 'not a code' }, 'pl')).toBe('Atlantis');
    expect(formatCountry(null)).toBeUndefined();
  });

  it('shows an API day as DD.MM.YYYY and reads a typed one back', () => {
    expect(formatDay('2026-03-04')).toBe('04.03.2026');
    expect(formatDay('')).toBe('');
    expect(formatDay('2026-3-4')).toBe('');
    expect(parseDay('04.03.2026')).toBe('2026-03-04');
    expect(parseDay(' 4.3.2026 ')).toBe('2026-03-04');
    expect(parseDay('29.02.2028')).toBe('2028-02-29');
    expect(parseDay('29.02.2026')).toBeNull();
    expect(parseDay('31.04.2026')).toBeNull();
    expect(parseDay('2026-03-04')).toBeNull();
    expect(parseDay('04.03.26')).toBeNull();
  });

  it('shows file sizes in B, KB or MB with at most one decimal', () => {
    expect(formatFileSize(70)).toBe('70 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(2_500_000)).toBe('2.4 MB');
    expect(formatFileSize(1536, 'pl')).toBe('1,5 KB');
  });
});
