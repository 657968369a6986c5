import { reportRangeIssue } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { useReportColumns } from './report-columns';
import { ReportContent } from './report-content';
import { ReportFilters } from './report-filters';
import { ReportGrouping } from './report-grouping';
import { reportApiParams, useReportSearch } from './report-params';
import { daysIn, todayIn } from './report-periods';
import styles from './reports.module.css';
import { reportMessagesOf, useReport } from './reports-api';

/**
 * A report with its filters, grouping, summary, chart, table and exports, everything in the
 * address. `apiPath` is where it is read (`/advertiser/reports`, or the agency's
 * `/agency/advertisers/:id/reports`: the same query and answer; exports at `apiPath/export`).
 */
export function ReportView({
  apiPath,
  campaignChoices = false,
  campaignLink,
  emptyAction,
}: {
  apiPath: string;
  /** Offer the campaign filter (the viewer can list the advertiser's campaigns). */
  campaignChoices?: boolean;
  /** The page of a campaign, where the viewer has one: campaign rows link to it. */
  campaignLink?: (campaignId: number) => string;
  /** What the empty state offers (e.g. the way to the campaigns). */
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const { search, change } = useReportSearch();
  const [columns, setColumns] = useReportColumns();
  const params = reportApiParams(search);
  const issue = search.from && search.to ? reportRangeIssue(search.from, search.to, search.time) : null;
  const report = useReport(apiPath, params, issue === null);
  const timeZone = report.data?.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const from = search.from ?? report.data?.from;
  const to = search.to ?? report.data?.to;

  return (
    <>
      <section className={styles.filters} aria-label={t('filters.label')}>
        <ReportFilters
          period={{ from, to }}
          today={todayIn(timeZone)}
          campaignId={search.campaignId ?? ''}
          compare={search.compare}
          issue={issue ? { path: issue.path, text: reportMessagesOf.localise(t, issue.message) } : null}
          campaignChoices={campaignChoices}
          onChange={change}
        />
        <ReportGrouping
          time={search.time}
          by={search.by}
          days={from && to && from <= to ? daysIn({ from, to }) : undefined}
          onChange={change}
        />
      </section>
      {issue ? null : report.isError ? (
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
        <ReportContent
          apiPath={apiPath}
          report={report.data}
          search={search}
          columns={columns}
          onColumns={setColumns}
          onChange={change}
          busy={report.isFetching}
          campaignLink={campaignLink}
          emptyAction={emptyAction}
        />
      )}
    </>
  );
}
