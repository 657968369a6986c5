import { describe, expect, it } from 'vitest';
import { localTime } from './local-time';

describe('localTime', () => {
  it('gives the day and the hour of the week in the time zone', () => {
    // Monday 2026-11-23 00:30 in Warsaw is Sunday 23:30 UTC.
    expect(localTime(new Date('2026-11-22T23:30:00Z'), 'Europe/Warsaw')).toEqual({
      day: '2026-11-23',
      hourOfWeek: 0,
    });
    expect(localTime(new Date('2026-11-22T23:30:00Z'), 'UTC')).toEqual({
      day: '2026-11-22',
      hourOfWeek: 6 * 24 + 23,
    });
  });

  it('follows the change to summer time', () => {
    // 2026-03-29: Warsaw moves from UTC+1 to UTC+2 at 01:00 UTC (a Sunday).
    expect(localTime(new Date('2026-03-29T00:30:00Z'), 'Europe/Warsaw').hourOfWeek).toBe(6 * 24 + 1);
    expect(localTime(new Date('2026-03-29T01:30:00Z'), 'Europe/Warsaw').hourOfWeek).toBe(6 * 24 + 3);
  });

  it('answers each minute and each zone for itself, in any order (the cache of the last minute)', () => {
    const warsaw = 'Europe/Warsaw';
    // 22:59:59 UTC is 23:59:59 in Warsaw; a second later it is the next day there.
    expect(localTime(new Date('2026-11-24T22:59:10Z'), warsaw).day).toBe('2026-11-24');
    expect(localTime(new Date('2026-11-24T22:59:59Z'), warsaw).day).toBe('2026-11-24');
    expect(localTime(new Date('2026-11-24T23:00:00Z'), warsaw).day).toBe('2026-11-25');
    expect(localTime(new Date('2026-11-24T23:00:00Z'), 'UTC').day).toBe('2026-11-24');
    // Back in time, as a test clock or a late event may go.
    expect(localTime(new Date('2026-11-24T22:59:30Z'), warsaw).day).toBe('2026-11-24');
    expect(localTime(new Date('2026-11-24T23:00:30Z'), warsaw)).toEqual({
      day: '2026-11-25',
      hourOfWeek: 2 * 24,
    });
  });
});
