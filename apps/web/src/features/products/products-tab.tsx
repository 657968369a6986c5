import type { FeedImport } from '@rtb/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import listStyles from '../../shell/list/list.module.css';
import { CurrentImport } from './current-import';
import { FeedCard } from './feed-card';
import { FeedIntro } from './feed-intro';
import { FeedSourceForm } from './feed-source-form';
import { ImportHistory } from './import-history';
import { ProductBrowser } from './product-browser';
import { ProductPanel } from './product-panel';
import styles from './products.module.css';
import { isImportActive, productsKeys, useProductFeed } from './products-api';
import { RejectionsPanel } from './rejections-panel';

/** The tab's own URL parameter: the products list keeps the others (its search and filters). */
const PAGE_KEYS = ['tab'];

/** When the newest import ends, its history, the products and their facets are read again. */
function useRefreshAfterImport(lastImport: FeedImport | null | undefined) {
  const client = useQueryClient();
  const wasActive = useRef(false);
  const active = isImportActive(lastImport);
  useEffect(() => {
    if (wasActive.current && !active) {
      for (const queryKey of [['products', 'imports'], ['products', 'list'], productsKeys.facets])
        void client.invalidateQueries({ queryKey });
    }
    wasActive.current = active;
  }, [active, client]);
}

/**
 * The integrations page's Products tab: the first-time explanation and setup, then the feed, its
 * current import (followed each second while it runs), the import history with each import's
 * rejected rows, and the product browser. Changes need `integrations:write`.
 */
export function ProductsTab() {
  const { t } = useTranslation('products');
  const canWrite = useCan('integrations', 'write');
  const query = useProductFeed();
  const feed = query.data;
  const [editing, setEditing] = useState(false);
  const [rejectionsOf, setRejectionsOf] = useState<FeedImport | null>(null);
  const [productKey, setProductKey] = useState<number | null>(null);
  useRefreshAfterImport(feed?.lastImport);

  if (query.isError) {
    return (
      <div className={styles.tab}>
        <div className={listStyles.state} role="alert">
          <p className={listStyles.stateTitle}>{failureText(t, query.error)}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      </div>
    );
  }
  if (feed === undefined) {
    return (
      <div className={styles.tab}>
        <p className={styles.muted} aria-busy="true">
          {t('common:loading')}
        </p>
      </div>
    );
  }
  if (feed === null) {
    return (
      <div className={styles.tab}>
        <FeedIntro canWrite={canWrite} />
        {canWrite && <FeedSourceForm feed={null} />}
      </div>
    );
  }
  return (
    <div className={styles.tab}>
      {canWrite && editing ? (
        <FeedSourceForm feed={feed} onDone={() => setEditing(false)} onCancel={() => setEditing(false)} />
      ) : (
        <FeedCard feed={feed} canWrite={canWrite} onChange={() => setEditing(true)} />
      )}
      {feed.lastImport && <CurrentImport feedImport={feed.lastImport} onRejections={setRejectionsOf} />}
      <ImportHistory onRejections={setRejectionsOf} />
      <ProductBrowser onOpen={setProductKey} pageKeys={PAGE_KEYS} />
      {rejectionsOf && <RejectionsPanel feedImport={rejectionsOf} onClose={() => setRejectionsOf(null)} />}
      {productKey !== null && <ProductPanel productKey={productKey} onClose={() => setProductKey(null)} />}
    </div>
  );
}
