import { reportDimensions, reportRangeIssue } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { reportColumnChoice, useReportColumns } from './report-columns';
import { ReportContent } from './report-content';
import { ReportFilters } from './report-filters';
import { ReportGrouping } from './report-grouping';
import { reportApiParams, useReportSearch } from './report-params';
import { periodIssues } from './report-period';
import { browserTimeZone, todayIn } from './report-periods';
import { ReportLoad } from './report-state';
import styles from './reports.module.css';
import { type ReportSource, useReport } from './reports-api';

/**
 * A report with its filters, grouping, summary, chart, table and exports, everything in the
 * address. `source` is where it is read (the advertiser's own, or the agency's of one of its
 * advertisers: the same query and answer; exports at `source.apiPath/export`).
 */
export function ReportView({
  source,
  campaignChoices = false,
  campaignLink,
  emptyAction,
}: {
  source: ReportSource;
  /** Offer the campaign filter (the viewer can list the advertiser's campaigns). */
  campaignChoices?: boolean;
  /** The page of a campaign, where the viewer has one: campaign rows link to it. */
  campaignLink?: (campaignId: number) => string;
  /** What the empty state offers (e.g. the way to the campaigns). */
  emptyAction?: ReactNode;
}) {
  const { t } = useTranslation('reports');
  const { search, change } = useReportSearch();
  const [columns, setColumns] = useReportColumns(reportColumnChoice);
  const params = reportApiParams(search);
  const issue = search.from && search.to ? reportRangeIssue(search.from, search.to, search.time) : null;
  const issues = periodIssues(issue, t);
  const report = useReport(source, params, issue === null);
  const timeZone = report.data?.timeZone ?? browserTimeZone();
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
          issue={issues.issue}
          campaignChoices={campaignChoices}
          onChange={change}
        />
        <ReportGrouping
          time={search.time}
          by={search.by}
          dimensions={reportDimensions}
          period={{ from, to }}
          timeError={issues.timeError}
          onChange={change}
        />
      </section>
      {issue ? null : (
        <ReportLoad query={report}>
          {(data) => (
            <ReportContent
              apiPath={source.apiPath}
              report={data}
              search={search}
              columns={columns}
              onColumns={setColumns}
              onChange={change}
              busy={report.isFetching}
              campaignLink={campaignLink}
              emptyAction={emptyAction}
            />
          )}
        </ReportLoad>
      )}
    </>
  );
}
