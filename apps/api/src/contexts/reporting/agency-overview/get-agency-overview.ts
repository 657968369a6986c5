import { advertiserContexts } from '@rtb/delivery';
import { addDays, dayFraction, pacingState } from '@rtb/rtb';
import {
  type AgencyOverviewDto,
  type AgencyOverviewRowDto,
  LOW_BALANCE_DAYS,
  OVERVIEW_ADVERTISER_LIMIT,
  type OverviewAlert,
  type ViewStatusKey,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { type CampaignsDeliverySummary, campaignsDeliverySummaries } from '../../campaigns';
import { viewStatuses } from '../../delivery';
import { advertiserIdsOfAgency } from '../../organisations';
import { type ReportAdvertiser, reportAdvertisers } from '../reports/report-advertisers';
import { groupedSums } from '../reports/repository';

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

type Spend = AgencyOverviewRowDto['spend'];

/**
 * Each advertiser's spend today, yesterday, this month and in the 7 days before today, each day
 * in its own time zone: one query over the days from the earliest of their 7-day windows and
 * month starts to the latest of their todays.
 */
async function spendOf(deps: AppDeps, advertisers: ReportAdvertiser[]): Promise<Map<number, Spend>> {
  const spend = new Map<number, Spend>(
    advertisers.map((a) => [
      a.id,
      { todayMicros: 0, yesterdayMicros: 0, monthMicros: 0, last7DaysMicros: 0 },
    ]),
  );
  if (!advertisers.length) return spend;
  const firstDays = advertisers.map(
    (a) => [addDays(a.today, -7), `${a.today.slice(0, 8)}01`].sort()[0] as string,
  );
  const { rows } = await groupedSums(
    deps.db,
    {
      advertisers,
      from: firstDays.sort()[0] as string,
      to: advertisers
        .map((a) => a.today)
        .sort()
        .at(-1) as string,
    },
    { time: 'day', key: 'advertiser' },
    { by: 'period', direction: 'asc' },
  );
  const byId = new Map(advertisers.map((a) => [a.id, a]));
  for (const row of rows) {
    const advertiser = byId.get(Number(row.key));
    const sums = spend.get(Number(row.key));
    if (!advertiser || !sums || row.period === null) continue;
    const { today } = advertiser;
    if (row.period === today) sums.todayMicros += row.spendMicros;
    if (row.period === addDays(today, -1)) sums.yesterdayMicros += row.spendMicros;
    if (row.period.slice(0, 7) === today.slice(0, 7) && row.period <= today)
      sums.monthMicros += row.spendMicros;
    if (row.period >= addDays(today, -7) && row.period < today) sums.last7DaysMicros += row.spendMicros;
  }
  return spend;
}

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
  const [spend, campaigns, contexts, statuses] = await Promise.all([
    spendOf(deps, advertisers),
    campaignsDeliverySummaries(deps, shownIds, now),
    advertiserContexts(deps, shownIds, now),
    viewStatuses(deps, shownIds),
  ]);
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
