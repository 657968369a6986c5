import type { ProductFeed } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import { FeedUpload } from './feed-upload';
import styles from './products.module.css';
import { isImportActive, useRefreshFeedNow } from './products-api';

/**
 * The feed as set up: its source (the URL and schedule, or uploads), the products it holds, the
 * last good import; with `integrations:write`, Refresh now (a URL feed), a new file (an uploaded
 * feed) and a change of source.
 */
export function FeedCard({
  feed,
  canWrite,
  onChange,
}: {
  feed: ProductFeed;
  canWrite: boolean;
  onChange: () => void;
}) {
  const { t } = useTranslation('products');
  const refreshNow = useRefreshFeedNow();
  const busy = isImportActive(feed.lastImport);

  const refresh = () =>
    refreshNow.mutate(undefined, {
      onSuccess: () => notify.success(t('feed.refreshStarted')),
      onError: (error) => notify.error(failureText(t, error)),
    });

  return (
    <section className={styles.card} aria-labelledby="feed-card-heading">
      <h2 id="feed-card-heading" className={styles.cardHeading}>
        {t('source.heading')}
      </h2>
      <dl className={styles.facts}>
        {feed.source === 'url' && feed.url ? (
          <>
            <div>
              <dt>{t('feed.fromUrl')}</dt>
              <dd className={styles.code}>{feed.url}</dd>
            </div>
            {feed.schedule && (
              <div>
                <dt>{t('feed.schedule')}</dt>
                <dd>{t(`source.schedules.${feed.schedule}`)}</dd>
              </div>
            )}
            {feed.nextFetchAt && (
              <div>
                <dt>{t('feed.nextFetch')}</dt>
                <dd>{formatDateTime(feed.nextFetchAt)}</dd>
              </div>
            )}
          </>
        ) : (
          <div>
            <dt>{t('source.legend')}</dt>
            <dd>{t('feed.fromUpload')}</dd>
          </div>
        )}
        <div>
          <dt>{t('feed.products')}</dt>
          <dd>{formatNumber(feed.productCount)}</dd>
        </div>
        <div>
          <dt>{t('feed.lastSuccess')}</dt>
          <dd>
            {feed.lastSuccessfulImport
              ? formatDateTime(feed.lastSuccessfulImport.finishedAt ?? feed.lastSuccessfulImport.createdAt)
              : t('feed.never')}
          </dd>
        </div>
      </dl>
      {canWrite && feed.source === 'upload' && <FeedUpload label={t('upload.chooseAnother')} />}
      {canWrite && (
        <div className={styles.actions}>
          {feed.source === 'url' && (
            <Button size="small" loading={refreshNow.isPending} disabled={busy} onClick={refresh}>
              {t('feed.refresh')}
            </Button>
          )}
          <Button size="small" variant="outline" color="white" onClick={onChange}>
            {t('source.change')}
          </Button>
        </div>
      )}
    </section>
  );
}
