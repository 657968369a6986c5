import { describe, expect, it } from 'vitest';
import { browserTimeZone, daysIn, presetOf, presetPeriod, todayIn } from './report-periods';

describe('report periods', () => {
  it('counts today in the advertiser’s time zone, not the browser’s', () => {
    const lateEvening = new Date('2026-01-10T23:30:00Z');
    expect(todayIn('Europe/Warsaw', lateEvening)).toBe('2026-01-11');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-01-10');
  });

  it('counts the agency’s today in the browser’s time zone', () => {
    const now = new Date();
    const local = [now.getFullYear(), now.getMonth() + 1, now.getDate()]
      .map((part) => String(part).padStart(2, '0'))
      .join('-');
    expect(todayIn(browserTimeZone(), now)).toBe(local);
  });

  it('gives each preset’s days, both included', () => {
    const today = '2026-03-05';
    expect(presetPeriod('today', today)).toEqual({ from: today, to: today });
    expect(presetPeriod('yesterday', today)).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    expect(presetPeriod('last7', today)).toEqual({ from: '2026-02-27', to: today });
    expect(presetPeriod('last30', today)).toEqual({ from: '2026-02-04', to: today });
    expect(presetPeriod('thisMonth', today)).toEqual({ from: '2026-03-01', to: today });
    // Last month is the whole calendar month before, however long it is.
    expect(presetPeriod('lastMonth', today)).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetPeriod('lastMonth', '2024-03-31')).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(presetPeriod('lastMonth', '2026-01-01')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetPeriod('lastMonth', '2026-05-31')).toEqual({ from: '2026-04-01', to: '2026-04-30' });
  });

  it('counts a period’s days, both ends included', () => {
    expect(daysIn({ from: '2026-03-05', to: '2026-03-05' })).toBe(1);
    expect(daysIn({ from: '2026-01-01', to: '2026-01-31' })).toBe(31);
    // Across the change to summer time the days are still whole.
    expect(daysIn({ from: '2026-03-01', to: '2026-04-01' })).toBe(32);
  });

  it('tells which preset a period is', () => {
    expect(presetOf({ from: '2026-02-27', to: '2026-03-05' }, '2026-03-05')).toBe('last7');
    expect(presetOf({ from: '2026-02-26', to: '2026-03-05' }, '2026-03-05')).toBeUndefined();
    expect(presetOf({ from: '2025-12-01', to: '2025-12-31' }, '2026-01-15')).toBe('lastMonth');
    // On the 1st, today and this month are the same days: the first of them is named.
    expect(presetOf({ from: '2026-03-01', to: '2026-03-01' }, '2026-03-01')).toBe('today');
  });
});
