import { MAX_PAGE_SIZE, type PredictionModelKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import listStyles from '../../shell/list/list.module.css';
import { useListParams } from '../../shell/list/use-list-params';
import { CalibrationPlot } from './calibration-plot';
import { ModelInUse } from './model-in-use';
import styles from './prediction-models.module.css';
import { useModelInUse, usePredictionModels } from './prediction-models-api';
import { QualityChart } from './quality-chart';
import { VersionsTable } from './versions-table';

/**
 * One kind of model: until the trainer has made a version, a word on what will appear; then the
 * version in use, the newest versions' quality as a chart, every version page by page, and the
 * calibration plot of the version chosen in the table (`?version=`; the one in use, else the newest).
 */
export function KindModels({ kind }: { kind: PredictionModelKind }) {
  const { t } = useTranslation('prediction-models');
  const { params, update } = useListParams();
  const newest = usePredictionModels({ kind, perPage: MAX_PAGE_SIZE });
  const inUse = useModelInUse(kind);

  if (newest.isError)
    return (
      <div className={listStyles.state} role="alert">
        <p className={listStyles.stateTitle}>{failureText(t, newest.error)}</p>
        <Button variant="outline" onClick={() => void newest.refetch()}>
          {t('common:retry')}
        </Button>
      </div>
    );
  if (newest.isPending) return <p aria-busy="true">{t('common:loading')}</p>;
  if (newest.data.meta.total === 0)
    return (
      <div className={listStyles.state}>
        <p className={listStyles.stateTitle}>{t('empty.title')}</p>
        <p className={listStyles.stateBody}>{t(`empty.body.${kind}`)}</p>
      </div>
    );

  const plotted =
    Number(params.filters.version) ||
    (inUse.isPending ? undefined : (inUse.data?.version ?? newest.data.elements[0]?.version));
  return (
    <div className={styles.stack}>
      <ModelInUse kind={kind} />
      <QualityChart kind={kind} models={newest.data} />
      <VersionsTable
        kind={kind}
        page={params.page}
        plotted={plotted}
        onPage={(page) => update({ page })}
        onPlot={(version) => update({ version, page: params.page })}
      />
      <CalibrationPlot kind={kind} version={plotted} />
    </div>
  );
}
