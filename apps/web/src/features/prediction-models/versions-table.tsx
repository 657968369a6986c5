import type { ModelFiguresDto, PredictionModelDto, PredictionModelKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { ToggleButton } from '../../shell/button/toggle-button';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { formatAuc, formatLogLoss, formatRatio } from './model-figures';
import styles from './prediction-models.module.css';
import { usePredictionModels } from './prediction-models-api';

/**
 * Every version of a kind, newest first, a page at a time: whether it was published (and which
 * checks refused it), its hold-out, its figures beside those of the version in use then, its size;
 * a button shows its calibration plot below.
 */
export function VersionsTable({
  kind,
  page,
  plotted,
  onPage,
  onPlot,
}: {
  kind: PredictionModelKind;
  page: number;
  /** The version whose calibration plot is shown. */
  plotted: number | undefined;
  onPage: (page: number) => void;
  onPlot: (version: number) => void;
}) {
  const { t } = useTranslation('prediction-models');
  const list = usePredictionModels({ kind, page });
  /** A figure of the version, and below it the same figure of the version in use then. */
  const figure = (model: PredictionModelDto, format: (quality: ModelFiguresDto) => string) => (
    <>
      {format(model.quality)}
      {model.currentQuality && (
        <span className={styles.subline}>{t('versions.then', { value: format(model.currentQuality) })}</span>
      )}
    </>
  );

  const columns: Column<PredictionModelDto>[] = [
    {
      key: 'version',
      header: t('columns.version'),
      cell: (model) => (
        <span className={styles.badges}>
          <span className={styles.strong}>{formatNumber(model.version)}</span>
          {model.inUse && <Badge tone="info">{t('versions.inUse')}</Badge>}
        </span>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (model) => (
        <>
          <Badge tone={model.status === 'published' ? 'success' : 'alert'}>
            {t(`status.${model.status}`)}
          </Badge>
          {model.refusedChecks.map((check) => (
            <span key={check} className={styles.subline}>
              {t(`checks.${check}`)}
            </span>
          ))}
        </>
      ),
    },
    {
      key: 'created',
      header: t('columns.created'),
      cell: (model) => (
        <>
          <span className={styles.time}>{formatDateTime(model.createdAt)}</span>
          <span className={styles.subline}>
            {t('versions.trainedThrough', { at: formatDateTime(model.trainedThrough) })}
          </span>
        </>
      ),
    },
    {
      key: 'holdout',
      header: t('columns.holdout'),
      cell: (model) => (
        <>
          {t('versions.examples', {
            count: model.quality.examples,
            examples: formatNumber(model.quality.examples),
            positives: formatNumber(model.quality.positives),
          })}
          <span className={styles.subline}>
            {t('versions.period', {
              from: formatDateTime(model.holdoutFrom),
              to: formatDateTime(model.holdoutTo, 'time'),
            })}
          </span>
        </>
      ),
    },
    {
      key: 'logLoss',
      header: t('figures.logLoss'),
      align: 'end',
      cell: (model) => figure(model, (quality) => formatLogLoss(quality.logLoss)),
    },
    {
      key: 'auc',
      header: t('figures.auc'),
      align: 'end',
      cell: (model) => figure(model, (quality) => formatAuc(quality.auc)),
    },
    {
      key: 'calibration',
      header: t('figures.calibrationRatio'),
      align: 'end',
      cell: (model) => figure(model, (quality) => formatRatio(quality.calibrationRatio)),
    },
    {
      key: 'size',
      header: t('columns.size'),
      align: 'end',
      cell: (model) => (
        <>
          {formatNumber(model.nonZeroWeights)}
          <span className={styles.subline}>
            {t('versions.learned', { examples: formatNumber(model.trainedExamples) })}
          </span>
        </>
      ),
    },
    {
      key: 'plot',
      header: t('columns.plot'),
      align: 'end',
      cell: (model) => (
        <ToggleButton
          pressed={model.version === plotted}
          aria-label={t('versions.plotOf', { version: model.version })}
          onClick={() => onPlot(model.version)}
        >
          {t('versions.plot')}
        </ToggleButton>
      ),
    },
  ];

  return (
    <section className={styles.stack} aria-labelledby="versions-heading">
      <h2 id="versions-heading" className={styles.sectionHeading}>
        {t('versions.heading')}
      </h2>
      <DataTable
        caption={t('versions.caption', { kind: t(`kinds.${kind}`) })}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(model) => model.version}
        loading={list.isFetching && !list.data}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        empty={{ title: t('versions.emptyPage') }}
      />
      <Pagination meta={list.data?.meta} onPage={onPage} />
    </section>
  );
}
