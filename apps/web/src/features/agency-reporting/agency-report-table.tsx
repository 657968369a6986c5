import type { AgencyReportDto, AgencyReportMetricKey, AgencyReportRowDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCurrencyOf } from '../../account/reference-data';
import { currencySymbol } from '../../lib/format';
import { CampaignStatusBadge } from '../campaigns';
import {
  type HeadColumn,
  MetricTable,
  type MetricTableState,
  periodLabel,
  reportsStyles as styles,
} from '../reports';
import { type AgencyReportSort, advertiserReportPath } from './agency-report-params';

/**
 * The agency's report as a table: the period (when split by time), the advertiser (its name
 * leads to its own report over the same days) and, by campaign, the campaign and its status;
 * then the figures the user picked, each row's money in its advertiser's currency, and one
 * totals row per currency.
 */
export function AgencyReportTable({
  report,
  ...table
}: { report: AgencyReportDto } & MetricTableState<AgencyReportMetricKey, AgencyReportSort>) {
  const { t } = useTranslation('agency-reporting');
  const currencyOf = useCurrencyOf();
  const drillDown = { from: report.from, to: report.to };
  const byCampaign = report.by === 'campaign';
  const heads: HeadColumn<AgencyReportRowDto, AgencyReportSort>[] = [];
  if (report.time !== 'none')
    heads.push({
      key: 'period',
      header: t('reports:table.period'),
      sortField: 'period',
      cell: (row) => (row.period ? periodLabel(row.period, report.time, t) : ''),
    });
  heads.push({
    key: 'advertiser',
    header: t('reports:dimensions.advertiser'),
    sortField: byCampaign ? undefined : 'name',
    rowHeader: !byCampaign,
    cell: (row) => (
      <Link className={styles.nameLink} to={advertiserReportPath(row.advertiserId, drillDown)}>
        {row.advertiserName}
      </Link>
    ),
  });
  if (byCampaign)
    heads.push(
      {
        key: 'campaign',
        header: t('reports:dimensions.campaign'),
        sortField: 'name',
        rowHeader: true,
        cell: (row) => <span className={styles.name}>{row.campaignName}</span>,
      },
      {
        key: 'status',
        header: t('table.status'),
        cell: (row) => row.campaignStatus && <CampaignStatusBadge status={row.campaignStatus} />,
      },
    );

  return (
    <MetricTable
      id="agency-report-table"
      heading={t(`table.heading.${report.by}`)}
      caption={t(`table.caption.${report.by}`)}
      heads={heads}
      rows={report.rows}
      rowKey={(row) => `${row.period}|${row.advertiserId}|${row.campaignId}`}
      currencyOf={(row) => currencyOf(row.currency)}
      totals={report.totals.map((total) => ({
        key: total.currency,
        label: t('table.total', { currency: currencySymbol(currencyOf(total.currency)) }),
        figures: total,
        currency: currencyOf(total.currency),
      }))}
      {...table}
    />
  );
}
