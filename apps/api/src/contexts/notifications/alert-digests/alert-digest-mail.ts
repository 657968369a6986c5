import type { OverviewAlert } from '@rtb/shared';
import type { AdvertiserAlerts } from '../../reporting';
import type { MailVars } from '../notifications/catalogue';
import { formatDay } from '../report-emails/format';
import { alertWord } from './alert-words';

/** How many advertisers the mail names; the overview lists them all. */
export const DIGEST_ADVERTISERS = 50;
/** How many advertiser names the subject holds. */
const SUBJECT_NAMES = 3;

const more: Record<'en' | 'pl', (count: number) => string> = {
  en: (count) => `…and ${count} more`,
  pl: (count) => `…i jeszcze ${count}`,
};

/** One line per advertiser, by name: `Low Shop: Low balance, Creative rejected`. */
function alertLines(rows: AdvertiserAlerts[], locale: string): string {
  const lines = rows
    .slice(0, DIGEST_ADVERTISERS)
    .map(
      (row) => `${row.advertiser.name}: ${row.alerts.map((alert) => alertWord(alert, locale)).join(', ')}`,
    );
  if (rows.length > DIGEST_ADVERTISERS)
    lines.push(more[locale === 'pl' ? 'pl' : 'en'](rows.length - DIGEST_ADVERTISERS));
  return lines.join('\n');
}

/** The first names and how many more: `Low Shop, Euro Shop, Demo Shop +2`. */
function subjectNames(rows: AdvertiserAlerts[]): string {
  const names = rows.slice(0, SUBJECT_NAMES).map((row) => row.advertiser.name);
  const rest = rows.length - names.length;
  return rest > 0 ? `${names.join(', ')} +${rest}` : names.join(', ');
}

/** Which kinds of alert the rows raise, in the overview's order. */
export const alertKinds = (rows: AdvertiserAlerts[]): OverviewAlert[] => [
  ...new Set(rows.flatMap((row) => row.alerts)),
];

export interface AlertDigestMailInput {
  /** The user's day, `YYYY-MM-DD`. */
  day: string;
  /** Advertisers with at least one alert. */
  rows: AdvertiserAlerts[];
  locale: string;
  firstName: string;
  /** Where to act (the overview, or the advertiser's page), and the user's settings. */
  link: string;
  settingsLink: string;
}

/** The placeholders of the `alert-digest` mail. */
export function alertDigestVars(input: AlertDigestMailInput): MailVars {
  return {
    firstName: input.firstName,
    date: formatDay(input.day),
    advertisers: subjectNames(input.rows),
    alerts: alertLines(input.rows, input.locale),
    link: input.link,
    settingsLink: input.settingsLink,
  };
}
