import type { AgencyReportDto, AgencyReportMetricKey } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { currencySymbol, formatDay } from '../../lib/format';
import { formatMetric, MetricValue, ReportChange, reportsStyles as styles } from '../reports';
import own from './agency-reporting.module.css';

/** The figures each currency's card shows: what was bought, what it brought, what the agency earned. */
const cardMetrics: AgencyReportMetricKey[] = [
  'spendMicros',
  'commissionMicros',
  'impressions',
  'clicks',
  'conversions',
  'conversionValueMinor',
];

/**
 * The report's totals, one card per currency of its advertisers: money is never added up
 * across currencies. Each card has the agency's commission earned on that spend. The tiles are
 * the advertiser's report's summary tiles; with a comparison, each also has the previous
 * period's figure of that currency and the change.
 */
export function TotalsCards({
  totals,
  previous = null,
}: {
  totals: AgencyReportDto['totals'];
  previous?: AgencyReportDto['previous'];
}) {
  const { t } = useTranslation('agency-reporting');
  const currencyOf = useCurrencyOf();
  const before = (currency: string) => previous?.totals.find((total) => total.currency === currency) ?? null;
  return (
    <section className={styles.card} aria-labelledby="agency-report-totals">
      <h2 id="agency-report-totals" className={styles.cardHeading}>
        {t('totals.heading')}
      </h2>
      <p className={styles.note}>{t('totals.explanation')}</p>
      {previous && (
        <p className={styles.note}>
          {t('reports:summary.comparedWith', { from: formatDay(previous.from), to: formatDay(previous.to) })}
        </p>
      )}
      <ul className={own.currencies}>
        {totals.map((total) => {
          const currency = currencyOf(total.currency);
          const earlier = before(total.currency);
          return (
            <li
              key={total.currency}
              className={own.currency}
              aria-labelledby={`agency-report-${total.currency}`}
            >
              <h3 id={`agency-report-${total.currency}`} className={own.currencyHeading}>
                {t('totals.currency', { currency: currencySymbol(currency) })}
              </h3>
              <dl className={styles.tiles}>
                {cardMetrics.map((key) => (
                  <div key={key} className={styles.tile}>
                    <dt>{t(`reports:metrics.${key}`)}</dt>
                    <dd>
                      <MetricValue metric={key} value={total[key]} currency={currency} />
                    </dd>
                    {previous && (
                      <dd className={styles.previous}>
                        <ReportChange metric={key} current={total[key]} previous={earlier?.[key] ?? 0} />
                        <span>
                          {t('reports:summary.previous', {
                            value: formatMetric(key, earlier?.[key] ?? 0, currency) ?? '–',
                          })}
                        </span>
                      </dd>
                    )}
                  </div>
                ))}
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
