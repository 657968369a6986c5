import type { PacingState } from '@rtb/shared';
import { localMinute } from './decision/local-clock';
import { localTime } from './local-time';

/** How far `now` is into its day on the wall clock of `timeZone`, from 0 to 1. */
export function dayFraction(now: Date, timeZone: string): number {
  const hour = localTime(now, timeZone).hourOfWeek % 24;
  return (hour * 60 + localMinute(now, timeZone)) / 1440;
}

/** Off the straight line by more than this share of it, a day's spend is ahead or behind. */
const TOLERANCE = 0.25;
/** Too early in the day to judge: an hour's spend is noise. */
const EARLIEST = 1 / 24;

/**
 * Today's spend against the straight line from nothing at midnight to the daily budget at
 * midnight next: ahead, on track or behind; null without a budget or in the day's first hour.
 * Delivery follows traffic, which is thin at night, so the line is a rough guide, not a rule.
 */
export function pacingState(facts: {
  spentTodayMicros: number;
  dailyBudgetMinor: number | null;
  currencyMinorUnits: number;
  dayFraction: number;
}): PacingState | null {
  if (facts.dailyBudgetMinor === null || facts.dailyBudgetMinor <= 0 || facts.dayFraction < EARLIEST)
    return null;
  const budgetMicros = facts.dailyBudgetMinor * 10 ** (6 - facts.currencyMinorUnits);
  const line = budgetMicros * facts.dayFraction;
  if (facts.spentTodayMicros > line * (1 + TOLERANCE)) return 'ahead';
  if (facts.spentTodayMicros < line * (1 - TOLERANCE)) return 'behind';
  return 'on_track';
}
