import type { ReportTimeGrouping } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { formatDay } from '../../lib/format';
import { i18n } from '../../lib/i18n';

/**
 * A time bucket of the report (`YYYY-MM-DD HH:00`, `YYYY-MM-DD` or `YYYY-MM`, on the
 * advertiser's clock) as the table shows it: 'DD.MM.YYYY HH:00', 'DD.MM.YYYY', 'Week of
 * DD.MM.YYYY' (its Monday), or the month's name and year in the interface language.
 */
export function periodLabel(period: string, time: ReportTimeGrouping, t: TFunction): string {
  switch (time) {
    case 'hour':
      return `${formatDay(period.slice(0, 10))} ${period.slice(11, 16)}`;
    case 'week':
      return t('reports:table.weekOf', { day: formatDay(period) });
    case 'month':
      return monthName(period);
    default:
      return formatDay(period);
  }
}

/** A bucket as a chart's tick: 'DD.MM HH:00', 'DD.MM' (a day, a week's Monday), 'MM.YYYY'. */
export function periodTick(period: string, time: ReportTimeGrouping): string {
  const dayMonth = `${period.slice(8, 10)}.${period.slice(5, 7)}`;
  switch (time) {
    case 'hour':
      return `${dayMonth} ${period.slice(11, 16)}`;
    case 'month':
      return `${period.slice(5, 7)}.${period.slice(0, 4)}`;
    default:
      return dayMonth;
  }
}

/** 'January 2026' / 'styczeń 2026'. */
function monthName(period: string): string {
  const [year, month] = period.split('-').map(Number) as [number, number];
  return new Intl.DateTimeFormat(i18n.language || 'en', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, 1)));
}
