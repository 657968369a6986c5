import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/format';
import { isImportActive, useProductFeed } from '../products';
import { integrationsTabPath } from './paths';
import styles from './retargeting-setup.module.css';
import { SetupStep, type StepState } from './setup-step';

/** Step 1: the product feed is connected and its import brought products. */
export function FeedStep() {
  const { t } = useTranslation('retargeting-setup');
  const feed = useProductFeed();
  const data = feed.data;
  const state: StepState | undefined =
    data === undefined
      ? undefined
      : data === null
        ? 'todo'
        : isImportActive(data.lastImport)
          ? 'waiting'
          : data.productCount > 0
            ? 'done'
            : 'todo';
  const text =
    data === undefined
      ? ''
      : data === null
        ? t('feed.none')
        : isImportActive(data.lastImport)
          ? t('feed.importing')
          : data.productCount > 0
            ? t('feed.done', { count: data.productCount, products: formatNumber(data.productCount) })
            : t('feed.empty');
  return (
    <SetupStep
      number={1}
      id="feed"
      title={t('feed.title')}
      state={state}
      error={feed.error}
      onRetry={() => void feed.refetch()}
    >
      <p className={styles.text}>{text}</p>
      <div className={styles.actions}>
        <Link
          className={state === 'done' ? styles.secondary : styles.action}
          to={integrationsTabPath('products')}
        >
          {t(data ? 'feed.open' : 'feed.connect')}
        </Link>
      </div>
    </SetupStep>
  );
}
