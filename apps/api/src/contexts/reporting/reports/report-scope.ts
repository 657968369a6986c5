import { REPORT_DEFAULT_DAYS, type ReportTimeGrouping, reportRangeIssue, shiftDay } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField, notFound } from '../../../core/errors';
import { campaignNames } from '../../campaigns';
import { reportAdvertisers } from './report-advertisers';
import type { ReportScope, ScopeAdvertiser } from './repository';

/** The period a report asks for; absent ends are filled in (the last 7 days up to today). */
export interface AskedPeriod {
  from?: string | undefined;
  to?: string | undefined;
  time: ReportTimeGrouping;
  campaignId?: number | undefined;
}

/** The period's days, checked again once defaults are filled in (a lone `from` can make it too long). */
export function periodOf(asked: AskedPeriod, today: string): { from: string; to: string } {
  const to = asked.to ?? today;
  const from = asked.from ?? shiftDay(to, 1 - REPORT_DEFAULT_DAYS);
  const issue = reportRangeIssue(from, to, asked.time);
  if (issue) throw invalidField(issue.path, issue.message);
  return { from, to };
}

/**
 * One advertiser's report scope: its time zone and currency, the period and the campaign asked
 * for (another advertiser's campaign is not found: 404).
 */
export async function advertiserScope(
  deps: AppDeps,
  advertiserId: number,
  asked: AskedPeriod,
  now: Date,
): Promise<{ scope: ReportScope; advertiser: ScopeAdvertiser }> {
  const context = (await reportAdvertisers(deps, [advertiserId], now)).get(advertiserId);
  if (!context) throw notFound();
  const { from, to } = periodOf(asked, context.today);
  if (asked.campaignId !== undefined) {
    const [campaign] = await campaignNames(deps, [advertiserId], [asked.campaignId]);
    if (!campaign) throw notFound();
  }
  const advertiser: ScopeAdvertiser = {
    id: advertiserId,
    timeZone: context.timeZone,
    currency: context.currency,
    currencyMinorUnits: context.currencyMinorUnits,
  };
  return {
    advertiser,
    scope: {
      advertisers: [advertiser],
      from,
      to,
      ...(asked.campaignId === undefined ? {} : { campaignId: asked.campaignId }),
    },
  };
}
