import { localTime } from '../local-time';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;

const minuteFormatters = new Map<string, Intl.DateTimeFormat>();

/** The minute of the hour on the wall clock of `timeZone` (not the UTC one: some zones are off by 30 or 45). */
export function localMinute(now: Date, timeZone: string): number {
  let formatter = minuteFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-GB', { timeZone, minute: '2-digit' });
    minuteFormatters.set(timeZone, formatter);
  }
  return Number(formatter.format(now));
}

const utcMidnight = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** `day` (`YYYY-MM-DD`) moved by whole calendar days. */
export const addDays = (day: string, days: number) => dayOf(utcMidnight(day) + days * DAY_MS);

/** 0 for Monday to 6 for Sunday. */
export const weekdayOf = (day: string) => (new Date(utcMidnight(day)).getUTCDay() + 6) % 7;

/** The ISO 8601 week of a calendar day: `2026-W13` (the week-year is the one of its Thursday). */
export function isoWeekOf(day: string): string {
  const thursday = utcMidnight(day) + (3 - weekdayOf(day)) * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const week = Math.floor((thursday - Date.UTC(year, 0, 1)) / (7 * DAY_MS)) + 1;
  return `${year}-W${String(week).padStart(2, '0')}`;
}

const dayStarts = new Map<string, number>();

/**
 * The first instant (Unix ms) of `day` on the wall clock of `timeZone`: found by bisecting
 * `localTime` over whole minutes, so it is right on days of 23 or 25 hours and in zones whose
 * midnight is skipped. UTC offsets lie within -12 and +14 hours, which bounds the search.
 */
export function localDayStart(day: string, timeZone: string): number {
  const cacheKey = `${timeZone} ${day}`;
  const cached = dayStarts.get(cacheKey);
  if (cached !== undefined) return cached;
  // In minutes: `low` is still the day before everywhere, `high` already the day.
  let low = (utcMidnight(day) - 15 * 3_600_000) / MINUTE_MS;
  let high = (utcMidnight(day) + 13 * 3_600_000) / MINUTE_MS;
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (localTime(new Date(middle * MINUTE_MS), timeZone).day >= day) high = middle;
    else low = middle;
  }
  if (dayStarts.size >= 10_000) dayStarts.clear();
  dayStarts.set(cacheKey, high * MINUTE_MS);
  return high * MINUTE_MS;
}
