import { shiftDay } from '@rtb/shared';
import { type Period, presetPeriod, type ReportPreset, todayIn } from '../reports/report-periods';

/** The period buttons of the agency's report; 'custom' is any other from..to. */
export const agencyPresets = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type AgencyPreset = (typeof agencyPresets)[number];

/** Today in the browser's time zone: the agency's presets count from it. */
export const browserToday = (now = new Date()) =>
  todayIn(Intl.DateTimeFormat().resolvedOptions().timeZone, now);

/** The calendar month before `today`'s, first to last day. */
export function lastMonthOf(today: string): Period {
  const firstOfThisMonth = `${today.slice(0, 8)}01`;
  const to = shiftDay(firstOfThisMonth, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** The days a preset covers, counted back from `today`. */
export const agencyPresetPeriod = (preset: AgencyPreset, today: string): Period =>
  preset === 'lastMonth' ? lastMonthOf(today) : presetPeriod(preset as ReportPreset, today);

/** The preset that covers exactly `period`, if any (the first when several do, e.g. on the 1st). */
export const agencyPresetOf = (period: Period, today: string): AgencyPreset | undefined =>
  agencyPresets.find((preset) => {
    const covered = agencyPresetPeriod(preset, today);
    return covered.from === period.from && covered.to === period.to;
  });
