import type { AgencyReportDto, AgencyReportMetricKey } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { usePageTitle } from '../../shell/page-title';
import { useAdvertisers } from '../organisations';
import {
  browserTimeZone,
  ReportColumnPicker,
  ReportExport,
  ReportLoad,
  reportsStyles as styles,
  todayIn,
  useReportColumns,
  useSearchChange,
} from '../reports';
import { AgencyReportChart } from './agency-report-chart';
import { agencyColumnChoice } from './agency-report-columns';
import { AgencyReportFilters } from './agency-report-filters';
import {
  type AgencyChartParams,
  type AgencyReportParams,
  type AgencyReportSort,
  chartParamsOf,
  exportPathOf,
  nextSearch,
  type ParamChanges,
  periodIssue,
  reportParamsOf,
} from './agency-report-params';
import { AgencyReportTable } from './agency-report-table';
import { useAgencyReport } from './agency-reporting-api';
import { NoAdvertisers, NothingDelivered } from './empty-states';
import { TotalsCards } from './totals-cards';

/** The order rows come in without a sort asked for: time order when split by time, else the largest spend first. */
const defaultSort = (params: AgencyReportParams): { sort: AgencyReportSort; order: 'asc' | 'desc' } =>
  params.time === 'none' ? { sort: 'spendMicros', order: 'desc' } : { sort: 'period', order: 'asc' };

/**
 * /panel/agency/reporting: every advertiser of the agency (or one, or one campaign) over a
 * period, by advertiser or campaign and optionally by time, with the totals and commission
 * per currency (optionally beside the previous period's), a chart over time, a sortable paged table of the figures the user picks, and its exports. The
 * filters, sort and page live in the address. Its filters, columns, exports and table are the
 * advertiser's report's (features/reports).
 */
export function AgencyReportingPage() {
  const { t } = useTranslation('agency-reporting');
  usePageTitle(t('title'));
  const [search, setSearch] = useSearchChange();
  const params = reportParamsOf(search);
  const refused = periodIssue(params, params.time) !== null;
  const report = useAgencyReport(params, !refused);
  const canReadAdvertisers = useCan('advertisers', 'read');
  // The same first page the advertiser filter asks for: it tells whether the agency has any.
  const advertisers = useAdvertisers('agency', { perPage: 25, sort: 'name' }, canReadAdvertisers);
  const [columns, setColumns] = useReportColumns(agencyColumnChoice);
  const timeZone = browserTimeZone();

  const change = (changes: ParamChanges) => setSearch((current) => nextSearch(current, changes));
  const shown = report.data && { from: report.data.from, to: report.data.to };
  const period = { from: params.from ?? shown?.from, to: params.to ?? shown?.to };
  const noAdvertisers = canReadAdvertisers && advertisers.data?.meta.total === 0;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      {noAdvertisers ? (
        <NoAdvertisers />
      ) : (
        <>
          <p className={styles.note}>{t('timeZones', { timeZone })}</p>
          <AgencyReportFilters params={params} period={period} today={todayIn(timeZone)} onChange={change} />
          {refused ? null : (
            <ReportLoad query={report}>
              {(data) =>
                data.delivered ? (
                  <AgencyReportContent
                    report={data}
                    params={params}
                    chart={chartParamsOf(search)}
                    busy={report.isFetching}
                    columns={columns}
                    onColumns={setColumns}
                    onChange={change}
                  />
                ) : (
                  <NothingDelivered busy={report.isFetching} />
                )
              }
            </ReportLoad>
          )}
        </>
      )}
    </div>
  );
}

/**
 * The totals per currency (beside the previous period's when compared), the chart over time,
 * the columns and the exports, the table: the advertiser's report's layout.
 */
function AgencyReportContent({
  report,
  params,
  chart,
  busy,
  columns,
  onColumns,
  onChange,
}: {
  report: AgencyReportDto;
  params: AgencyReportParams;
  chart: AgencyChartParams;
  busy: boolean;
  columns: readonly AgencyReportMetricKey[];
  onColumns: (columns: AgencyReportMetricKey[]) => void;
  onChange: (changes: ParamChanges) => void;
}) {
  const { t } = useTranslation('agency-reporting');
  const sorted = params.sort ? { sort: params.sort, order: params.order ?? 'desc' } : defaultSort(params);
  const shown = { from: report.from, to: report.to };
  return (
    <div className={styles.content} aria-busy={busy || undefined}>
      <TotalsCards totals={report.totals} previous={report.previous} />
      <AgencyReportChart report={report} chart={chart} onChange={onChange} />
      <div className={styles.tableBar}>
        <ReportColumnPicker
          keys={agencyColumnChoice.keys}
          columns={columns}
          legend={t('columns.legend')}
          onChange={onColumns}
        />
        <ReportExport
          pathOf={(file) => exportPathOf(params, shown, file, columns)}
          rows={report.rows.meta.total}
        />
      </div>
      <AgencyReportTable report={report} columns={columns} sorted={sorted} onChange={onChange} busy={busy} />
    </div>
  );
}
