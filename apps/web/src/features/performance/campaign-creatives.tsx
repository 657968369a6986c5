import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { failureText } from '../../shell/form/failure-text';
import { TableScroll } from '../../shell/list/table-scroll';
import { MetricValue } from '../reports';
import styles from './performance.module.css';
import { KPI_METRICS } from './period-kpis';
import { useOwnReport } from './use-own-report';

/** How each of a campaign's creatives did over the last 7 days, the most spent first. */
export function CampaignCreatives({ campaignId }: { campaignId: number }) {
  const { t } = useTranslation('performance');
  const currencyOf = useCurrencyOf();
  const report = useOwnReport({ time: 'none', by: 'creative', campaignId, perPage: 100 });
  const rows = report.data?.rows.elements ?? [];

  return (
    <section className={styles.card} aria-labelledby="campaign-creatives-heading">
      <h2 id="campaign-creatives-heading" className={styles.cardHeading}>
        {t('creatives.heading')}
      </h2>
      {report.isPending && <p>{t('common:loading')}</p>}
      {report.isError && <p role="alert">{failureText(t, report.error)}</p>}
      {report.isSuccess && rows.length === 0 && <p className={styles.note}>{t('creatives.empty')}</p>}
      {report.data && rows.length > 0 && (
        <TableScroll caption={t('creatives.heading')}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('creatives.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('creatives.creative')}</th>
                {KPI_METRICS.map((metric) => (
                  <th key={metric} scope="col">
                    {t(`reports:metrics.${metric}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key ?? 'none'}>
                  <td>{row.name ?? t('creatives.unnamed', { id: row.key })}</td>
                  {KPI_METRICS.map((metric) => (
                    <td key={metric}>
                      <MetricValue
                        metric={metric}
                        value={row[metric]}
                        currency={currencyOf(report.data.currency)}
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </section>
  );
}
