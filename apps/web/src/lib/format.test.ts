import { describe, expect, it } from 'vitest';
import { formatDateTime, formatFileSize, formatMoney, formatPercent } from './format';

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
    expect(formatMoney(123456, { code: 'PLN', symbol: 'zł' }, 'Currency not set')).toBe('1234.56 zł');
    expect(formatMoney(-5, { code: 'EUR' }, 'Currency not set')).toBe('-0.05 EUR');
    expect(formatMoney(100, null, 'Currency not set')).toBe('Currency not set');
  });

  it('rounds a commission percent to 2 decimals', () => {
    expect(formatPercent('15')).toBe('15.00%');
    expect(formatPercent(12.345)).toBe('12.35%');
  });

  it('shows file sizes in B, KB or MB with at most one decimal', () => {
    expect(formatFileSize(70)).toBe('70 B');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(formatFileSize(2_500_000)).toBe('2.4 MB');
  });
});
