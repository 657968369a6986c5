import type { TFunction } from 'i18next';
import { formatDay } from '../../lib/format';
import type { AgencyReportTime } from './agency-report-params';

/**
 * A row's time bucket (as the API writes it, on the advertiser's clock) in spec section 9's
 * formats: an hour 'DD.MM.YYYY HH:mm', a day 'DD.MM.YYYY', a week by its Monday, a month by
 * its name in the interface language.
 */
export function formatPeriod(t: TFunction, period: string, time: AgencyReportTime, language: string): string {
  switch (time) {
    case 'hour': {
      const [day = '', hour = ''] = period.split(' ');
      return `${formatDay(day)} ${hour}`;
    }
    case 'week':
      return t('agency-reporting:period.week', { day: formatDay(period) });
    case 'month': {
      const [year, month] = period.split('-').map(Number);
      if (!year || !month) return period;
      return new Intl.DateTimeFormat(language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
        new Date(Date.UTC(year, month - 1, 1)),
      );
    }
    default:
      return formatDay(period) || period;
  }
}
