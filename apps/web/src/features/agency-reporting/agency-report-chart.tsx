import type { AgencyReportDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { currencySymbol } from '../../lib/format';
import { SelectField } from '../../shell/form/select-field';
import { type ChartReport, ReportChart, reportsStyles as styles } from '../reports';
import type { AgencyChartParams, ParamChanges } from './agency-report-params';

/**
 * The agency's report over time before any drill-down: the advertiser's report's chart
 * (features/reports `ReportChart`: one or two figures, lines or bars, the previous period
 * dashed when compared) of one currency at a time, as money is never added across currencies;
 * with several, a choice of the currency (kept in the address).
 */
export function AgencyReportChart({
  report,
  chart,
  onChange,
}: {
  report: AgencyReportDto;
  chart: AgencyChartParams;
  onChange: (changes: ParamChanges) => void;
}) {
  const { t } = useTranslation('agency-reporting');
  const currencyOf = useCurrencyOf();
  const shown = report.charts.find((c) => c.currency === chart.currency) ?? report.charts[0];
  if (!shown) return null;
  const previous = report.previous;
  const drawn: ChartReport = {
    currency: shown.currency,
    from: report.from,
    to: report.to,
    time: report.time,
    by: 'none',
    chart: shown.chart,
    previous:
      previous && shown.previous ? { from: previous.from, to: previous.to, chart: shown.previous } : null,
    series: null,
  };
  return (
    <>
      {report.charts.length > 1 && (
        <SelectField
          className={styles.field}
          label={t('chart.currency')}
          hint={t('chart.currencyHint')}
          value={shown.currency}
          onChange={(event) => onChange({ currency: event.target.value })}
          options={report.charts.map(({ currency }) => ({
            value: currency,
            label: t('totals.currency', { currency: currencySymbol(currencyOf(currency)) }),
          }))}
        />
      )}
      <ReportChart
        report={drawn}
        metric={chart.metric}
        metric2={chart.metric2}
        type={chart.chart}
        onChange={(changes) =>
          onChange({
            ...('metric' in changes ? { metric: changes.metric } : {}),
            ...('metric2' in changes ? { metric2: changes.metric2 } : {}),
            ...('chart' in changes ? { chart: changes.chart } : {}),
          })
        }
      />
    </>
  );
}
