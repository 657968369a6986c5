import type { AgencyReportDto, ExportFormat } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCan } from '../../auth/can';
import { Button } from '../../shell/button/button';
import { Pagination } from '../../shell/list/pagination';
import { usePageTitle } from '../../shell/page-title';
import { useAdvertisers } from '../advertisers/advertisers-api';
import { browserToday } from './agency-periods';
import { useReportColumns } from './agency-report-columns';
import {
  type AgencyReportParams,
  type AgencyReportSort,
  exportPathOf,
  type NumberStyle,
  nextSearch,
  type ParamChanges,
  periodIssue,
  reportParamsOf,
} from './agency-report-params';
import styles from './agency-reporting.module.css';
import { agencyReportMessages, useAgencyReport } from './agency-reporting-api';
import { ColumnPicker } from './column-picker';
import { NoAdvertisers, NothingDelivered } from './empty-states';
import { ExportButtons } from './export-buttons';
import { ReportFilters } from './report-filters';
import { ReportTable } from './report-table';
import { TotalsCards } from './totals-cards';

/** The order rows come in without a sort asked for: time order when split by time, else the largest spend first. */
const defaultSort = (params: AgencyReportParams): { sort: AgencyReportSort; order: 'asc' | 'desc' } =>
  params.time === 'none' ? { sort: 'spendMicros', order: 'desc' } : { sort: 'period', order: 'asc' };

/**
 * /panel/agency/reporting: every advertiser of the agency (or one, or one campaign) over a
 * period, by advertiser or campaign and optionally by time, with the totals and commission
 * per currency, a sortable paged table of the figures the user picks, and its exports. The
 * filters, sort and page live in the address.
 */
export function AgencyReportingPage() {
  const { t, i18n } = useTranslation('agency-reporting');
  usePageTitle(t('title'));
  const [search, setSearch] = useSearchParams();
  const params = reportParamsOf(search);
  const refused = periodIssue(params, params.time) !== null;
  const report = useAgencyReport(params, !refused);
  const canReadAdvertisers = useCan('advertisers', 'read');
  // The same first page the advertiser filter asks for: it tells whether the agency has any.
  const advertisers = useAdvertisers('agency', { perPage: 25, sort: 'name' }, canReadAdvertisers);
  const { columns, toggle } = useReportColumns();
  const today = browserToday();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

  const change = (changes: ParamChanges) =>
    setSearch((current) => nextSearch(current, changes), { replace: true });
  const shown = report.data && { from: report.data.from, to: report.data.to };
  const period = { from: params.from ?? shown?.from, to: params.to ?? shown?.to };
  const effective = params.sort ? { sort: params.sort, order: params.order ?? 'desc' } : defaultSort(params);
  const sortBy = (field: AgencyReportSort) =>
    change({
      sort: field,
      order:
        field === effective.sort
          ? effective.order === 'asc'
            ? 'desc'
            : 'asc'
          : field === 'name' || field === 'period'
            ? 'asc'
            : 'desc',
    });
  const exportPath = (format: ExportFormat, style: NumberStyle) =>
    exportPathOf(params, shown, { format, style, locale: i18n.language, columns });

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
          <ReportFilters params={params} period={period} today={today} onChange={change} />
          {refused ? null : report.isError ? (
            <div className={styles.state} role="alert">
              <p className={styles.stateTitle}>{agencyReportMessages.failureText(t, report.error)}</p>
              <Button variant="outline" onClick={() => report.refetch()}>
                {t('common:retry')}
              </Button>
            </div>
          ) : report.isPending ? (
            <p className={styles.note} aria-busy="true">
              {t('common:loading')}
            </p>
          ) : !report.data.delivered ? (
            <NothingDelivered busy={report.isFetching} />
          ) : (
            <ReportContent
              report={report.data}
              busy={report.isFetching}
              columns={columns}
              onToggleColumn={toggle}
              sort={effective}
              onSort={sortBy}
              onPage={(page) => change({ page })}
              exportPath={exportPath}
            />
          )}
        </>
      )}
    </div>
  );
}

function ReportContent({
  report,
  busy,
  columns,
  onToggleColumn,
  sort,
  onSort,
  onPage,
  exportPath,
}: {
  report: AgencyReportDto;
  busy: boolean;
  columns: ReturnType<typeof useReportColumns>['columns'];
  onToggleColumn: ReturnType<typeof useReportColumns>['toggle'];
  sort: { sort: AgencyReportSort; order: 'asc' | 'desc' };
  onSort: (field: AgencyReportSort) => void;
  onPage: (page: number) => void;
  exportPath: (format: ExportFormat, style: NumberStyle) => string;
}) {
  const { t } = useTranslation('agency-reporting');
  return (
    <div className={styles.content} aria-busy={busy || undefined}>
      <TotalsCards totals={report.totals} />
      <section className={styles.card} aria-labelledby="agency-report-table">
        <div className={styles.tableBar}>
          <h2 id="agency-report-table" className={styles.cardHeading}>
            {t(`table.heading.${report.by}`)}
          </h2>
          <ColumnPicker columns={columns} onToggle={onToggleColumn} />
        </div>
        <ReportTable
          report={report}
          columns={columns}
          sort={sort.sort}
          order={sort.order}
          onSort={onSort}
          busy={busy}
        />
        <Pagination meta={report.rows.meta} onPage={onPage} />
        <ExportButtons pathOf={exportPath} />
      </section>
    </div>
  );
}
