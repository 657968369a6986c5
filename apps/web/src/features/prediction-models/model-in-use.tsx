import type { PredictionModelKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { formatAuc, formatLogLoss } from './model-figures';
import styles from './prediction-models.module.css';
import { useModelInUse } from './prediction-models-api';

/** The version the bidders score with: which, how big, what it learned from and how it did on its hold-out. */
export function ModelInUse({ kind }: { kind: PredictionModelKind }) {
  const { t } = useTranslation('prediction-models');
  const inUse = useModelInUse(kind);
  const model = inUse.data;

  return (
    <section className={styles.card} aria-labelledby="model-in-use-heading">
      <h2 id="model-in-use-heading" className={styles.cardHeading}>
        {t('inUse.heading')}
      </h2>
      {inUse.isError ? (
        <p role="alert">{failureText(t, inUse.error)}</p>
      ) : model === undefined ? (
        <p aria-busy="true">{t('common:loading')}</p>
      ) : model === null ? (
        <p className={styles.note}>{t('inUse.none')}</p>
      ) : (
        <dl className={styles.figures}>
          <div>
            <dt>{t('inUse.version')}</dt>
            <dd>
              {formatNumber(model.version)}
              <span className={styles.subline}>
                {t('inUse.publishedAt', { at: formatDateTime(model.createdAt) })}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('inUse.size')}</dt>
            <dd>
              {formatNumber(model.nonZeroWeights)}
              <span className={styles.subline}>
                {t('inUse.sizeOf', { total: formatNumber(2 ** model.bits), bits: model.bits })}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('inUse.learned')}</dt>
            <dd>
              {formatNumber(model.trainedExamples)}
              <span className={styles.subline}>
                {t('inUse.trainedThrough', { at: formatDateTime(model.trainedThrough) })}
              </span>
            </dd>
          </div>
          <div>
            <dt>{t('figures.logLoss')}</dt>
            <dd>{formatLogLoss(model.quality.logLoss)}</dd>
          </div>
          <div>
            <dt>{t('figures.auc')}</dt>
            <dd>{formatAuc(model.quality.auc)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
