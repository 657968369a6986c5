import type { ReportMetrics } from '@rtb/shared';
import type { MailVars } from '../notifications/catalogue';
import { formatChange, formatCount, formatDay, formatMicros, formatMinor, formatRatio } from './format';

/** What the mail reads of a week's report (`getReport` of the reports module). */
export interface WeekReport {
  currency: string;
  totals: Pick<
    ReportMetrics,
    'impressions' | 'clicks' | 'ctr' | 'spendMicros' | 'conversions' | 'conversionValueMinor' | 'roas'
  >;
  campaigns: {
    name: string;
    spendMicros: number;
    impressions: number;
    clicks: number;
    conversions: number;
  }[];
}

/** How many campaigns the mail names. */
export const TOP_CAMPAIGNS = 3;

/** Any impression, click, spend or conversion in the week. */
export const hadDelivery = ({ totals: t }: WeekReport) =>
  t.impressions > 0 || t.clicks > 0 || t.spendMicros > 0 || t.conversions > 0 || t.conversionValueMinor > 0;

const noCampaigns: Record<string, string> = {
  en: 'No campaign had delivery in this week.',
  pl: 'Żadna kampania nie miała emisji w tym tygodniu.',
};

/**
 * The campaigns with the largest spend (a campaign that only bid is left out), one a line:
 * `1. Winter sale: 1,234.57 PLN`; a sentence when none had delivery.
 */
function topCampaigns(report: WeekReport, locale: string, minorUnits: number): string {
  const top = report.campaigns
    .filter((c) => c.spendMicros > 0 || c.impressions > 0 || c.clicks > 0 || c.conversions > 0)
    .sort((a, b) => b.spendMicros - a.spendMicros || a.name.localeCompare(b.name))
    .slice(0, TOP_CAMPAIGNS);
  if (!top.length) return noCampaigns[locale] ?? (noCampaigns.en as string);
  return top
    .map((c, i) => `${i + 1}. ${c.name}: ${formatMicros(c.spendMicros, report.currency, locale, minorUnits)}`)
    .join('\n');
}

export interface WeeklyReportMailInput {
  /** The week, Monday to Sunday of the advertiser's days, and the week before. */
  week: { from: string; to: string };
  current: WeekReport;
  previous: WeekReport;
  /** The recipient's language: numbers and money are written in it. */
  locale: string;
  minorUnits: number;
  firstName: string;
  advertiserName: string;
  /** The reports page and the user's settings (where the mail is switched off). */
  link: string;
  settingsLink: string;
}

/**
 * The placeholders of the `weekly-report` mail: the week's totals, each with its change from the
 * week before (relative; a dash without a week before to compare with), and the top campaigns.
 */
export function weeklyReportVars(input: WeeklyReportMailInput): MailVars {
  const { current, previous, locale, minorUnits } = input;
  const now = current.totals;
  const before = previous.totals;
  const money = (micros: number) => formatMicros(micros, current.currency, locale, minorUnits);
  return {
    firstName: input.firstName,
    advertiserName: input.advertiserName,
    period: `${formatDay(input.week.from)} – ${formatDay(input.week.to)}`,
    impressions: formatCount(now.impressions, locale),
    impressionsChange: formatChange(now.impressions, before.impressions, locale),
    clicks: formatCount(now.clicks, locale),
    clicksChange: formatChange(now.clicks, before.clicks, locale),
    ctr: formatRatio(now.ctr, locale),
    ctrChange: formatChange(now.ctr, before.ctr, locale),
    spend: money(now.spendMicros),
    spendChange: formatChange(now.spendMicros, before.spendMicros, locale),
    conversions: formatCount(now.conversions, locale),
    conversionsChange: formatChange(now.conversions, before.conversions, locale),
    conversionValue: formatMinor(now.conversionValueMinor, current.currency, locale, minorUnits),
    conversionValueChange: formatChange(now.conversionValueMinor, before.conversionValueMinor, locale),
    roas: formatRatio(now.roas, locale),
    roasChange: formatChange(now.roas, before.roas, locale),
    topCampaigns: topCampaigns(current, locale, minorUnits),
    link: input.link,
    settingsLink: input.settingsLink,
  };
}
