import { shiftDay } from '@rtb/shared';

export const reportPresets = ['today', 'yesterday', 'last7', 'last30', 'thisMonth', 'lastMonth'] as const;
export type ReportPreset = (typeof reportPresets)[number];

export interface Period {
  from: string;
  to: string;
}

/** The browser's IANA time zone (the agency's presets count from its today; an advertiser's report until it says its own). */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Today (`YYYY-MM-DD`) in an IANA time zone: the advertiser's days, not the browser's. */
export function todayIn(timeZone: string, now = new Date()): string {
  const parts = new Intl.DateTimeFormat('en', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}

/** The days a preset covers, counted back from `today`. */
export function presetPeriod(preset: ReportPreset, today: string): Period {
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday':
      return { from: shiftDay(today, -1), to: shiftDay(today, -1) };
    case 'last7':
      return { from: shiftDay(today, -6), to: today };
    case 'last30':
      return { from: shiftDay(today, -29), to: today };
    case 'thisMonth':
      return { from: `${today.slice(0, 8)}01`, to: today };
    case 'lastMonth': {
      // The day before this month's first is the last day of the month before.
      const to = shiftDay(`${today.slice(0, 8)}01`, -1);
      return { from: `${to.slice(0, 8)}01`, to };
    }
  }
}

/** The preset that covers exactly `period`, if any (the first when several do, e.g. on the 1st). */
export const presetOf = (period: Period, today: string): ReportPreset | undefined =>
  reportPresets.find((preset) => {
    const covered = presetPeriod(preset, today);
    return covered.from === period.from && covered.to === period.to;
  });

/** How many days a period covers, both ends included. */
export const daysIn = (period: Period): number =>
  Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) +
  1;
