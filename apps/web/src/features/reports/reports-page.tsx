import { type ReportDto, reportRangeIssue } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDay } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { usePageTitle } from '../../shell/page-title';
import { CampaignStatusBadge } from '../campaigns/campaign-status-badge';
import { campaignPath, campaignsPath } from '../campaigns/campaigns-api';
import { ReportChart } from './report-chart';
import { ReportFilters } from './report-filters';
import { reportMetrics } from './report-metrics';
import { todayIn } from './report-periods';
import { ReportTable } from './report-table';
import styles from './reports.module.css';
import { type ReportParams, reportMessagesOf, useReport } from './reports-api';

const paramKeys = ['from', 'to', 'campaignId'] as const;

/**
 * /panel/advertiser/reports: the advertiser's delivery over a period (the last 7 days unless
 * chosen; kept in the address): the totals, a chart and a table by day, and a table by
 * campaign with the totals row.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  usePageTitle(t('title'));
  const [search, setSearch] = useSearchParams();
  const params: ReportParams = Object.fromEntries(
    paramKeys.flatMap((key) => (search.get(key) ? [[key, search.get(key)]] : [])),
  );
  const refused = params.from && params.to ? reportRangeIssue(params.from, params.to) !== null : false;
  const report = useReport(params, !refused);
  const timeZone = report.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;

  const change = (changes: ReportParams) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value) next.set(key, value);
        else next.delete(key);
      }
      return next;
    });

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      <ReportFilters
        period={{ from: params.from ?? report.data?.from, to: params.to ?? report.data?.to }}
        today={todayIn(timeZone)}
        campaignId={params.campaignId ?? ''}
        onChange={change}
      />
      {refused ? null : report.isError ? (
        <div className={styles.state} role="alert">
          <p className={styles.stateTitle}>{reportMessagesOf.failureText(t, report.error)}</p>
          <Button variant="outline" onClick={() => report.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : report.isPending ? (
        <p className={styles.note} aria-busy="true">
          {t('common:loading')}
        </p>
      ) : (
        <ReportContent report={report.data} busy={report.isFetching} />
      )}
    </div>
  );
}

/** The report's figures, or the empty state while nothing was delivered in the period. */
function ReportContent({ report, busy }: { report: ReportDto; busy: boolean }) {
  const { t } = useTranslation('reports');
  const metrics = reportMetrics(t, report.currency);
  if (report.campaigns.length === 0)
    return (
      <div className={styles.state} aria-busy={busy || undefined}>
        <p className={styles.stateTitle}>{t('empty.title')}</p>
        <p className={styles.stateBody}>{t('empty.body')}</p>
        <Link className={styles.action} to={campaignsPath}>
          {t('empty.action')}
        </Link>
      </div>
    );
  return (
    <div className={styles.content} aria-busy={busy || undefined}>
      <p className={styles.note}>{t('timeZone', { timeZone: report.timeZone })}</p>
      <section className={styles.card} aria-labelledby="report-summary-heading">
        <h2 id="report-summary-heading" className={styles.cardHeading}>
          {t('summary.heading')}
        </h2>
        <dl className={styles.tiles}>
          {metrics.map((metric) => (
            <div key={metric.key} className={styles.tile}>
              <dt>{metric.label}</dt>
              <dd>{metric.value(report.totals)}</dd>
            </div>
          ))}
        </dl>
      </section>
      <ReportChart report={report} />
      <ReportTable
        id="report-campaigns-heading"
        heading={t('byCampaign.heading')}
        caption={t('byCampaign.caption')}
        headers={[t('byCampaign.campaign'), t('byCampaign.status')]}
        rows={report.campaigns.map((campaign) => ({
          key: campaign.campaignId,
          head: (
            <Link className={styles.nameLink} to={campaignPath(campaign.campaignId)}>
              {campaign.name}
            </Link>
          ),
          details: [<CampaignStatusBadge key="status" status={campaign.status} />],
          metrics: campaign,
        }))}
        totals={report.totals}
        metrics={metrics}
      />
      <ReportTable
        id="report-days-heading"
        heading={t('byDay.heading')}
        caption={t('byDay.caption')}
        headers={[t('byDay.day')]}
        rows={report.days.map((day) => ({ key: day.day, head: formatDay(day.day), metrics: day }))}
        totals={report.totals}
        metrics={metrics}
      />
    </div>
  );
}
