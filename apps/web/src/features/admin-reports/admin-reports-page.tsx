import { type GeneratedReportDto, generatedReportStatuses, generatedReportTypes } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { formatDateTime, formatDay, formatFileSize, formatNumber } from '../../lib/format';
import { openApiPath } from '../../lib/open-api-path';
import { Badge, type BadgeTone } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { useListParams } from '../../shell/list/use-list-params';
import { usePageTitle } from '../../shell/page-title';
import { ProgressBar } from '../../shell/progress-bar/progress-bar';
import { notify } from '../../shell/toast/notify';
import styles from './admin-reports.module.css';
import { isInProgress, reportDownloadPath, useDeleteReport, useGeneratedReports } from './admin-reports-api';
import { GenerateReportPanel } from './generate-report-panel';

const tones: Record<GeneratedReportDto['status'], BadgeTone> = {
  queued: 'muted',
  running: 'info',
  done: 'success',
  failed: 'alert',
};

/** A report's state: a badge, and while it is being made a progress bar that moves as the list is polled. */
function ReportStatus({ report }: { report: GeneratedReportDto }) {
  const { t } = useTranslation('admin-reports');
  return (
    <div className={styles.status}>
      <Badge tone={tones[report.status]}>{t(`status.${report.status}`)}</Badge>
      {isInProgress(report) && (
        <>
          <ProgressBar
            value={report.progress}
            label={t('progressOf', { name: t(`types.${report.type}`) })}
            valueText={t('progressText', { percent: formatNumber(report.progress) })}
          />
          <span className={styles.subline} aria-hidden="true">
            {t('progressText', { percent: formatNumber(report.progress) })}
          </span>
        </>
      )}
      {report.status === 'done' && report.rows !== null && (
        <span className={styles.subline}>
          {t('rowsAndSize', {
            count: report.rows,
            rows: formatNumber(report.rows),
            size: formatFileSize(report.fileSize ?? 0),
          })}
        </span>
      )}
      {report.status === 'failed' && report.error && (
        <span className={styles.error}>{t(`errors.${report.error}`)}</span>
      )}
    </div>
  );
}

/**
 * Reports (/panel/admin/reports): platform-wide reports made in the background from the hourly
 * rollups. Writers queue one in a side panel; the list shows each one's status and, while it
 * runs, a progress bar (the list is read again every few seconds); a finished one downloads
 * through a one-time download link, and is kept for the configured number of days.
 */
export function AdminReportsPage() {
  const { t } = useTranslation('admin-reports');
  usePageTitle(t('title'));
  const canWrite = useCan('reports', 'write');
  const { params, update } = useListParams();
  const { type = '', status = '' } = params.filters;
  const list = useGeneratedReports({
    page: params.page,
    type: type || undefined,
    status: status || undefined,
  });
  const remove = useDeleteReport();
  const [generating, setGenerating] = useState(false);
  const nameOf = (report: GeneratedReportDto) => t(`types.${report.type}`);

  const download = (report: GeneratedReportDto) =>
    openApiPath(reportDownloadPath(report.id)).catch((error: unknown) => notify.error(failureText(t, error)));
  const onDelete = async (report: GeneratedReportDto) => {
    try {
      await remove.mutateAsync(report.id);
      notify.success(t('deleted'));
    } catch (error) {
      notify.error(failureText(t, error));
    }
  };

  const columns: Column<GeneratedReportDto>[] = [
    {
      key: 'report',
      header: t('columns.report'),
      cell: (report) => (
        <>
          <span className={styles.strong}>{nameOf(report)}</span>
          <span className={styles.subline}>
            {t('period', { from: formatDay(report.parameters.from), to: formatDay(report.parameters.to) })}
          </span>
        </>
      ),
    },
    {
      key: 'file',
      header: t('columns.file'),
      cell: (report) => (
        <>
          {t(`formats.${report.parameters.format}`)}
          <span className={styles.subline}>
            {report.parameters.format === 'csv' && `${t(`styles.${report.parameters.style}`)} · `}
            {t(`languages.${report.parameters.locale}`)}
          </span>
        </>
      ),
    },
    { key: 'status', header: t('columns.status'), cell: (report) => <ReportStatus report={report} /> },
    {
      key: 'created',
      header: t('columns.created'),
      cell: (report) => (
        <>
          <span className={styles.time}>{formatDateTime(report.createdAt)}</span>
          <span className={styles.subline}>{report.createdBy?.name ?? t('unknownAdmin')}</span>
        </>
      ),
    },
    {
      key: 'expires',
      header: t('columns.expires'),
      cell: (report) =>
        report.expiresAt ? <span className={styles.time}>{formatDateTime(report.expiresAt)}</span> : '—',
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      align: 'end',
      cell: (report) => (
        <div className={styles.actions}>
          {report.status === 'done' && (
            <Button
              size="small"
              variant="outline"
              aria-label={t('downloadOf', { name: nameOf(report), file: report.fileName })}
              onClick={() => download(report)}
            >
              {t('download')}
            </Button>
          )}
          {canWrite && (
            <Button
              size="small"
              variant="outline"
              color="danger"
              confirm={t('deleteConfirm')}
              aria-label={t('deleteOf', { name: nameOf(report), file: report.fileName })}
              onClick={() => onDelete(report)}
            >
              {t('delete')}
            </Button>
          )}
        </div>
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
        {canWrite && <Button onClick={() => setGenerating(true)}>{t('generate.open')}</Button>}
      </header>
      <div className={listStyles.toolbar}>
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('filters.type')}
            value={type}
            onChange={(event) => update({ type: event.target.value })}
            options={[
              { value: '', label: t('filters.all') },
              ...generatedReportTypes.map((value) => ({ value, label: t(`types.${value}`) })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('filters.status')}
            value={status}
            onChange={(event) => update({ status: event.target.value })}
            options={[
              { value: '', label: t('filters.all') },
              ...generatedReportStatuses.map((value) => ({ value, label: t(`status.${value}`) })),
            ]}
          />
        </div>
      </div>
      <DataTable
        caption={t('title')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(report) => report.id}
        loading={list.isFetching && !list.data}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        empty={
          type || status
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : {
                title: t('empty.title'),
                body: t('empty.body'),
                action: canWrite ? (
                  <Button onClick={() => setGenerating(true)}>{t('generate.open')}</Button>
                ) : undefined,
              }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      {generating && <GenerateReportPanel onClose={() => setGenerating(false)} />}
    </div>
  );
}
