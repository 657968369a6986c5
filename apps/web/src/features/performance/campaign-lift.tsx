import type { CampaignDto, LiftEstimateDto, LiftGroupDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrencyOf } from '../../account/reference-data';
import { formatDay, formatNumber, formatPercent } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { TableScroll } from '../../shell/list/table-scroll';
import { campaignMoney } from '../campaigns';
import { LiftIntervalChart } from './lift-interval-chart';
import styles from './performance.module.css';
import { useCampaignLift } from './use-campaign-lift';

/** A rate (0-1) as a percent with 2 decimals. */
const percentOf = (rate: number) => formatPercent(rate * 100);

/**
 * The lift in one sentence, its text's key and the interval's ends: which way the ads moved
 * purchases (a fall's ends as drops, the smaller first), or that it cannot be told yet.
 */
function verdictOf(estimate: LiftEstimateDto) {
  const [low, high] = estimate.rateDifferenceInterval;
  if (!estimate.significant)
    return { key: 'lift.notYet', low: percentOf(low), high: percentOf(high) } as const;
  if (low > 0) return { key: 'lift.raised', low: percentOf(low), high: percentOf(high) } as const;
  return { key: 'lift.lowered', low: percentOf(-high), high: percentOf(-low) } as const;
}

/** What the ads added, the interval as a range and a bar, and the verdict in words. */
function LiftEstimate({ estimate, money }: { estimate: LiftEstimateDto; money: (minor: number) => string }) {
  const { t } = useTranslation('performance');
  const [low, high] = estimate.rateDifferenceInterval;
  const verdict = verdictOf(estimate);
  return (
    <>
      <dl className={styles.liftFigures}>
        <div>
          <dt>{t('lift.incrementalConversions')}</dt>
          <dd>{formatNumber(estimate.incrementalConversions, { maximumFractionDigits: 0 })}</dd>
        </div>
        <div>
          <dt>{t('lift.incrementalRevenue')}</dt>
          <dd>{money(estimate.incrementalRevenue)}</dd>
        </div>
        <div>
          <dt>{t('lift.interval')}</dt>
          <dd>{t('lift.range', { low: percentOf(low), high: percentOf(high) })}</dd>
        </div>
      </dl>
      <LiftIntervalChart low={low} high={high} estimate={estimate.rateDifference} />
      <p className={styles.liftVerdict}>{t(verdict.key, { low: verdict.low, high: verdict.high })}</p>
    </>
  );
}

/**
 * A campaign's lift test: the users who saw its ads beside those it held out (users, conversion
 * rate, orders, revenue), what the ads added, the 95 % interval of the difference as a range and
 * a bar, and one sentence saying whether the lift is significant yet. A campaign holding no one
 * out is told how to start one.
 */
export function CampaignLift({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation('performance');
  const currency = useCurrencyOf()(campaign.currency);
  const testing = campaign.holdoutBps > 0;
  const lift = useCampaignLift(campaign.id, testing);
  const groups = lift.data?.groups;
  const estimate = lift.data?.estimate;
  const money = (minor: number) => campaignMoney(minor, currency);
  const rows: [string, (group: LiftGroupDto) => string][] = [
    [t('lift.users'), (group) => formatNumber(group.users)],
    [t('lift.converters'), (group) => formatNumber(group.converters)],
    [
      t('lift.conversionRate'),
      (group) => (group.conversionRate === null ? '–' : percentOf(group.conversionRate)),
    ],
    [t('lift.conversions'), (group) => formatNumber(group.conversions)],
    [t('lift.revenue'), (group) => money(group.revenue)],
  ];

  return (
    <section className={styles.card} aria-labelledby="lift-heading">
      <h2 id="lift-heading" className={styles.cardHeading}>
        {t('lift.heading')}
      </h2>
      {!testing && (
        <p className={styles.note}>
          {t('lift.empty')} <Link to="?tab=settings&step=schedule">{t('lift.start')}</Link>
        </p>
      )}
      {testing && lift.isPending && <p>{t('common:loading')}</p>}
      {lift.isError && <p role="alert">{failureText(t, lift.error)}</p>}
      {lift.data && groups && (
        <>
          <p className={styles.note}>
            {t('lift.period', {
              from: formatDay(lift.data.from),
              to: formatDay(lift.data.to),
              share: formatPercent(lift.data.holdoutBps / 100),
              count: lift.data.windowDays,
            })}
          </p>
          <TableScroll caption={t('lift.groupsCaption')}>
            <table className={styles.liftGroups}>
              <thead>
                <tr>
                  <td />
                  <th scope="col">{t('lift.exposed')}</th>
                  <th scope="col">{t('lift.heldOut')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map(([label, value]) => (
                  <tr key={label}>
                    <th scope="row">{label}</th>
                    <td>{value(groups.exposed)}</td>
                    <td>{value(groups.heldOut)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          {estimate ? (
            <LiftEstimate estimate={estimate} money={money} />
          ) : (
            <p className={styles.liftVerdict}>{t('lift.noUsers')}</p>
          )}
        </>
      )}
    </section>
  );
}
