import type { CampaignListItemDto } from '@rtb/shared';
import type { TFunction } from 'i18next';
import type { CurrencyOf } from '../../account/reference-data';
import { formatDay, formatNumber, formatPercent } from '../../lib/format';
import type { Column } from '../../shell/list/data-table';
import { campaignMoney, campaignSpend } from './campaign-money';
import { CampaignStatusBadge } from './campaign-status-badge';
import styles from './campaigns.module.css';
import { goalTargetText } from './goal-text';
import { ServingStatus } from './serving-status';

type Campaign = CampaignListItemDto;

/** Start – end, or 'from start' without an end (DD.MM.YYYY). */
export const scheduleText = (t: TFunction, campaign: Pick<Campaign, 'startDate' | 'endDate'>) =>
  campaign.endDate
    ? `${formatDay(campaign.startDate)} – ${formatDay(campaign.endDate)}`
    : t('campaigns:list.from', { date: formatDay(campaign.startDate) });

/** The daily budget set, else the even daily amount of the total over the days left (derived). */
const dailyText = (t: TFunction, currencyOf: CurrencyOf, campaign: Campaign) => {
  const money = (value: number) => campaignMoney(value, currencyOf(campaign.currency));
  if (campaign.dailyBudget !== null)
    return t('campaigns:list.daily', { amount: money(campaign.dailyBudget) });
  if (campaign.derivedDailyBudget !== null)
    return t('campaigns:list.derivedDaily', { amount: money(campaign.derivedDailyBudget) });
  return t('campaigns:list.noDaily');
};

/**
 * The columns the advertiser's list and the admin's section share: status over the serving status
 * with its reasons, schedule, budgets and spend (sorted by the total). `campaignLink` gives each row's serving reasons a link
 * to the campaign (the advertiser's); without it the reasons are plain words (the admin's).
 */
export function campaignColumns(
  t: TFunction,
  currencyOf: CurrencyOf,
  campaignLink?: (campaign: Campaign) => string,
): Column<Campaign>[] {
  return [
    {
      key: 'status',
      header: t('campaigns:columns.status'),
      sortField: 'status',
      cell: (campaign) => (
        <span className={styles.statusCell}>
          <CampaignStatusBadge status={campaign.status} />
          <ServingStatus
            status={campaign.servingStatus}
            links={campaignLink !== undefined}
            campaignLink={campaignLink?.(campaign)}
          />
        </span>
      ),
    },
    {
      key: 'schedule',
      header: t('campaigns:columns.schedule'),
      sortField: 'startDate',
      cell: (campaign) => <span className={styles.schedule}>{scheduleText(t, campaign)}</span>,
    },
    {
      key: 'budgets',
      header: t('campaigns:columns.budgets'),
      cell: (campaign) => (
        <span className={styles.lines}>
          <span>
            {campaign.totalBudget === null
              ? t('campaigns:list.noTotal')
              : t('campaigns:list.total', {
                  amount: campaignMoney(campaign.totalBudget, currencyOf(campaign.currency)),
                })}
          </span>
          {/* May break before '(derived)' rather than widen the column. */}
          <span className={styles.wraps}>{dailyText(t, currencyOf, campaign)}</span>
        </span>
      ),
    },
    {
      key: 'spend',
      header: t('campaigns:columns.spend'),
      sortField: 'spend',
      align: 'end',
      cell: (campaign) => (
        <span className={styles.lines}>
          <span>
            {t('campaigns:list.today', {
              amount: campaignSpend(campaign.stats.spendTodayMicros, currencyOf(campaign.currency)),
            })}
          </span>
          <span>
            {t('campaigns:list.inTotal', {
              amount: campaignSpend(campaign.stats.spendTotalMicros, currencyOf(campaign.currency)),
            })}
          </span>
        </span>
      ),
    },
  ];
}

/**
 * The bid and the counters the bidder fills: the bid strategy's value over its name (a maximum
 * CPM, or the target), impressions, clicks over CTR (a dash without impressions).
 */
export function performanceColumns(t: TFunction, currencyOf: CurrencyOf): Column<Campaign>[] {
  return [
    {
      key: 'bid',
      header: t('campaigns:columns.bid'),
      align: 'end',
      cell: (campaign) => {
        const currency = currencyOf(campaign.currency);
        const target = goalTargetText(campaign.goal, currency);
        return (
          <span className={styles.lines}>
            <span className={styles.nowrap}>
              {target ?? (campaign.maxCpm === null ? null : campaignMoney(campaign.maxCpm, currency))}
            </span>
            <span className={styles.goalName}>{t(`campaigns:list.goal.${campaign.goal.kind}`)}</span>
          </span>
        );
      },
    },
    {
      key: 'impressions',
      header: t('campaigns:columns.impressions'),
      sortField: 'impressions',
      align: 'end',
      cell: (campaign) => formatNumber(campaign.stats.impressions),
    },
    {
      key: 'clicks',
      header: t('campaigns:columns.clicksCtr'),
      align: 'end',
      cell: (campaign) => (
        <span className={styles.lines}>
          <span>{formatNumber(campaign.stats.clicks)}</span>
          {campaign.stats.ctr === null ? (
            // Positioned, so the hidden words stay inside the scrolling table (not widening the page).
            <span className={styles.positioned}>
              <span aria-hidden="true">–</span>
              <span className="visually-hidden">{t('campaigns:list.noCtr')}</span>
            </span>
          ) : (
            <span>{formatPercent(campaign.stats.ctr * 100)}</span>
          )}
        </span>
      ),
    },
  ];
}
