import { describe, expect, it } from 'vitest';
import { presetOf, presetPeriod, todayIn } from './report-periods';

describe('report periods', () => {
  it('counts today in the advertiser’s time zone, not the browser’s', () => {
    const lateEvening = new Date('2026-01-10T23:30:00Z');
    expect(todayIn('Europe/Warsaw', lateEvening)).toBe('2026-01-11');
    expect(todayIn('America/New_York', lateEvening)).toBe('2026-01-10');
  });

  it('gives each preset’s days, both included', () => {
    const today = '2026-03-05';
    expect(presetPeriod('today', today)).toEqual({ from: today, to: today });
    expect(presetPeriod('yesterday', today)).toEqual({ from: '2026-03-04', to: '2026-03-04' });
    expect(presetPeriod('last7', today)).toEqual({ from: '2026-02-27', to: today });
    expect(presetPeriod('last30', today)).toEqual({ from: '2026-02-04', to: today });
    expect(presetPeriod('thisMonth', today)).toEqual({ from: '2026-03-01', to: today });
  });

  it('tells which preset a period is', () => {
    expect(presetOf({ from: '2026-02-27', to: '2026-03-05' }, '2026-03-05')).toBe('last7');
    expect(presetOf({ from: '2026-02-26', to: '2026-03-05' }, '2026-03-05')).toBeUndefined();
    // On the 1st, today and this month are the same days: the first of them is named.
    expect(presetOf({ from: '2026-03-01', to: '2026-03-01' }, '2026-03-01')).toBe('today');
  });
});
