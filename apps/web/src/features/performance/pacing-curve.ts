import type { ReportPointDto } from '@rtb/shared';

/** A point of the pacing chart: the hour's end, what was spent by then and where the line stands (major units). */
export interface PacingPoint {
  hour: string;
  /** Spend from midnight to the end of this hour; null for hours still to come. */
  spent: number | null;
  /** The straight line from nothing at midnight to the daily budget at midnight next; null without a budget. */
  ideal: number | null;
}

const MICROS_PER_UNIT = 1_000_000;
/** Minor units of the panels' money (formatMoney's too). */
const MINOR_PER_UNIT = 100;

/**
 * Today's spend, hour by hour and added up, against the straight line to the daily budget: the
 * hours of the report's day up to the current one (`currentHour`, 0-23, on the advertiser's clock).
 */
export function pacingCurve(
  hours: readonly Pick<ReportPointDto, 'period' | 'spendMicros'>[],
  dailyBudgetMinor: number | null,
  currentHour: number,
): PacingPoint[] {
  let spentMicros = 0;
  return hours.map((point, index) => {
    spentMicros += point.spendMicros;
    return {
      hour: `${String(index + 1).padStart(2, '0')}:00`,
      spent: index <= currentHour ? spentMicros / MICROS_PER_UNIT : null,
      ideal: dailyBudgetMinor === null ? null : ((dailyBudgetMinor / MINOR_PER_UNIT) * (index + 1)) / 24,
    };
  });
}

/** The hour (0-23) it is now on the wall clock of `timeZone`. */
export function hourIn(timeZone: string, now = new Date()): number {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', hourCycle: 'h23' }).format(now);
  return Number(hour) % 24;
}
