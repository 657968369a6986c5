import type { AgencyReportDto, AgencyReportMetricKey } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { currencySymbol } from '../../lib/format';
import { MetricValue, reportsStyles as styles } from '../reports';
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
 * the advertiser's report's summary tiles.
 */
export function TotalsCards({ totals }: { totals: AgencyReportDto['totals'] }) {
  const { t } = useTranslation('agency-reporting');
  const currencyOf = useCurrencyOf();
  return (
    <section className={styles.card} aria-labelledby="agency-report-totals">
      <h2 id="agency-report-totals" className={styles.cardHeading}>
        {t('totals.heading')}
      </h2>
      <p className={styles.note}>{t('totals.explanation')}</p>
      <ul className={own.currencies}>
        {totals.map((total) => {
          const currency = currencyOf(total.currency);
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
