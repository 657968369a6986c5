import { advertiserContexts } from '@rtb/delivery';
import { dayFraction, pacingState } from '@rtb/rtb';
import {
  type AgencyOverviewDto,
  type AgencyOverviewRowDto,
  LOW_BALANCE_DAYS,
  OVERVIEW_ADVERTISER_LIMIT,
  type OverviewAlert,
  type ViewStatusKey,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type CampaignsDeliverySummary, campaignsAtAGlance } from '../../campaigns';
import { viewStatuses } from '../../delivery';
import { advertiserIdsOfAgency } from '../../organisations';
import { recentSpend, reportAdvertisers } from '../reports/service';

/** A failed or stale import: the feed was set up and stopped working (no feed yet is set-up, not failure). */
const feedFailing: ReadonlySet<ViewStatusKey> = new Set([
  'productsFeedUnreadable',
  'productsFetchFailed',
  'productsHttpStatus',
  'productsTooLarge',
  'productsTimeout',
  'productsEmpty',
  'productsInterrupted',
  'productsStale',
]);

/** What the account manager should act on, from the row's figures and statuses. */
function alertsOf(row: Omit<AgencyOverviewRowDto, 'alerts'>): OverviewAlert[] {
  const alerts: OverviewAlert[] = [];
  const { campaigns, status } = row;
  if (campaigns.active > 0 && row.fundsMinor <= 0) alerts.push('funds_exhausted');
  else if (row.daysCovered !== null && row.daysCovered < LOW_BALANCE_DAYS) alerts.push('low_balance');
  if (campaigns.active > 0 && campaigns.serving === 0 && status.campaigns.requiresAction)
    alerts.push('not_serving');
  if (Number(status.banners.params?.rejected ?? 0) > 0) alerts.push('creative_rejected');
  if (feedFailing.has(status.products.messageKey)) alerts.push('feed_failing');
  if (status.tags.messageKey === 'tagsSilent') alerts.push('tag_silent');
  return alerts;
}

const noCampaigns: CampaignsDeliverySummary = {
  active: 0,
  serving: 0,
  dailyBudgetMinor: null,
  unlimited: false,
};

/**
 * The agency's clients at a glance (its first `OVERVIEW_ADVERTISER_LIMIT` by name): spend
 * against budgets and pacing, serving, funds and the days they cover, the integration status of
 * each area and the alerts that follow. Money stays in each advertiser's currency.
 */
export async function getAgencyOverview(
  deps: AppDeps,
  agencyId: number,
  now = new Date(),
): Promise<AgencyOverviewDto> {
  return overviewOf(deps, await advertiserIdsOfAgency(deps, agencyId), now);
}

/** The overview's rows of these advertisers (the first `OVERVIEW_ADVERTISER_LIMIT` by name). */
export async function overviewOf(deps: AppDeps, ids: number[], now = new Date()): Promise<AgencyOverviewDto> {
  const named = [...(await reportAdvertisers(deps, ids, now)).values()].sort(
    (a, b) => a.name.localeCompare(b.name) || a.id - b.id,
  );
  const advertisers = named.slice(0, OVERVIEW_ADVERTISER_LIMIT);
  const shownIds = advertisers.map((a) => a.id);
  const [spend, contexts] = await Promise.all([
    recentSpend(deps.db, advertisers),
    advertiserContexts(deps, shownIds, now),
  ]);
  const { summaries: campaigns, statuses: campaignsArea } = await campaignsAtAGlance(deps, contexts, now);
  const statuses = await viewStatuses(deps, [...contexts.keys()], { campaigns: campaignsArea });
  const rows = advertisers.flatMap((advertiser): AgencyOverviewRowDto[] => {
    const context = contexts.get(advertiser.id);
    const status = statuses.get(advertiser.id);
    const sums = spend.get(advertiser.id);
    if (!context || !status || !sums) return [];
    const summary = campaigns.get(advertiser.id) ?? noCampaigns;
    const fundsMinor = context.serving.fundsAvailable;
    const microsPerMinor = 10 ** (6 - advertiser.currencyMinorUnits);
    const perDayMicros = sums.last7DaysMicros / 7;
    const row = {
      advertiser: { id: advertiser.id, name: advertiser.name },
      currency: advertiser.currency,
      timeZone: advertiser.timeZone,
      spend: sums,
      campaigns: summary,
      pacing: pacingState({
        spentTodayMicros: sums.todayMicros,
        // A campaign without a daily limit spends off any line: the client's pace is not known.
        dailyBudgetMinor: summary.unlimited ? null : summary.dailyBudgetMinor,
        currencyMinorUnits: advertiser.currencyMinorUnits,
        dayFraction: dayFraction(now, advertiser.timeZone),
      }),
      fundsMinor,
      daysCovered:
        perDayMicros > 0 ? Math.max(0, Math.floor((fundsMinor * microsPerMinor) / perDayMicros)) : null,
      status,
    };
    return [{ ...row, alerts: alertsOf(row) }];
  });
  return { rows, truncated: named.length > advertisers.length };
}
