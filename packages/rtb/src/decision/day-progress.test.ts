import { describe, expect, it } from 'vitest';
import { dayProgress } from './day-progress';

const warsaw = (hoursOfWeek: number[] | null) => ({ timeZone: 'Europe/Warsaw', hoursOfWeek });
// Wednesday: hours of the week 48 to 71.
const wednesdayNineToFive = Array.from({ length: 8 }, (_, i) => 48 + 9 + i);

describe('dayProgress', () => {
  it('counts the local day’s hours and the minutes of the current one', () => {
    // 10:30 UTC on Wednesday 10 June is 12:30 in Warsaw.
    expect(dayProgress(warsaw(null), new Date('2026-06-10T10:30:00Z'))).toBeCloseTo(12.5 / 24, 10);
    expect(dayProgress(warsaw(null), new Date('2026-06-09T22:00:00Z'))).toBe(0);
  });

  it('counts only the serving hours', () => {
    expect(dayProgress(warsaw(wednesdayNineToFive), new Date('2026-06-10T10:30:00Z'))).toBeCloseTo(
      3.5 / 8,
      10,
    );
    expect(dayProgress(warsaw(wednesdayNineToFive), new Date('2026-06-10T06:59:00Z'))).toBe(0);
    expect(dayProgress(warsaw(wednesdayNineToFive), new Date('2026-06-10T15:00:00Z'))).toBe(1);
    // Thursday has no serving hour: nothing left to pace.
    expect(dayProgress(warsaw(wednesdayNineToFive), new Date('2026-06-11T10:00:00Z'))).toBe(1);
  });

  it('reads the minutes on the local clock, 45 minutes off the UTC one in Kathmandu', () => {
    // 10:30 UTC is 16:15 at UTC+5:45.
    const kathmandu = { timeZone: 'Asia/Kathmandu', hoursOfWeek: null };
    expect(dayProgress(kathmandu, new Date('2026-06-10T10:30:00Z'))).toBeCloseTo(16.25 / 24, 10);
  });

  it('goes by the local clock on the day summer time starts', () => {
    // 01:30 UTC on 29 March is 03:30 CEST: 02:00-03:00 never happened and counts as past.
    expect(dayProgress(warsaw(null), new Date('2026-03-29T01:30:00Z'))).toBeCloseTo(3.5 / 24, 10);
  });
});
