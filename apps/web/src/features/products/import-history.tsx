import type { FeedImport } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { ImportStatusBadge } from './badges';
import { importErrorText, summaryText } from './current-import';
import styles from './products.module.css';
import { isImportActive, useFeedImports } from './products-api';

/** The feed's imports, newest first, a page at a time; an import with rejected rows opens them. */
export function ImportHistory({ onRejections }: { onRejections: (feedImport: FeedImport) => void }) {
  const { t } = useTranslation('products');
  const [page, setPage] = useState(1);
  const list = useFeedImports(page);

  const columns: Column<FeedImport>[] = [
    { key: 'when', header: t('history.columns.when'), cell: (row) => formatDateTime(row.createdAt) },
    { key: 'trigger', header: t('history.columns.trigger'), cell: (row) => t(`trigger.${row.trigger}`) },
    {
      key: 'status',
      header: t('history.columns.status'),
      cell: (row) => <ImportStatusBadge status={row.status} />,
    },
    {
      key: 'summary',
      header: t('history.columns.summary'),
      cell: (row) =>
        row.status === 'failed' ? (
          <>
            {importErrorText(t, row)}
            {row.errorDetail && <p className={styles.muted}>{row.errorDetail}</p>}
          </>
        ) : row.status === 'not_modified' ? (
          <span className={styles.muted}>{t('import.notModified')}</span>
        ) : isImportActive(row) ? (
          <span className={styles.muted}>
            {t('import.items', { count: row.itemsRead, items: formatNumber(row.itemsRead) })}
          </span>
        ) : (
          <>
            {summaryText(t, row.summary)}
            {row.summary.rejected > 0 && (
              <p className={styles.muted}>
                <button
                  type="button"
                  className={styles.open}
                  aria-label={t('history.rejectedOf', { at: formatDateTime(row.createdAt) })}
                  onClick={() => onRejections(row)}
                >
                  {t('history.rejected')}
                </button>
              </p>
            )}
          </>
        ),
    },
  ];

  return (
    <section aria-labelledby="import-history-heading">
      <h2 id="import-history-heading" className={styles.sectionHeading}>
        {t('history.heading')}
      </h2>
      <DataTable
        caption={t('history.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(row) => row.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        empty={{ title: t('history.emptyTitle'), body: t('history.emptyBody') }}
      />
      <Pagination meta={list.data?.meta} onPage={setPage} />
    </section>
  );
}
