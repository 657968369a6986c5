import type { FeedImport, FeedImportRejection } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { notify } from '../../shell/toast/notify';
import styles from './products.module.css';
import { downloadRejections, useFeedRejections } from './products-api';

/** An import's rejected rows: where each is in the feed, its product id, attribute and reason; as CSV too. */
export function RejectionsPanel({ feedImport, onClose }: { feedImport: FeedImport; onClose: () => void }) {
  const { t } = useTranslation('products');
  const [page, setPage] = useState(1);
  const list = useFeedRejections(feedImport.id, page);
  const [downloading, setDownloading] = useState(false);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadRejections(feedImport.id);
    } catch (error) {
      notify.error(failureText(t, error));
    } finally {
      setDownloading(false);
    }
  };

  const columns: Column<FeedImportRejection>[] = [
    {
      key: 'position',
      header: t('rejections.columns.position'),
      align: 'end',
      cell: (row) => formatNumber(row.position),
    },
    {
      key: 'productId',
      header: t('rejections.columns.productId'),
      cell: (row) => (row.productId ? <span className={styles.code}>{row.productId}</span> : '—'),
    },
    {
      key: 'attribute',
      header: t('rejections.columns.attribute'),
      cell: (row) => <span className={styles.code}>{row.attribute}</span>,
    },
    { key: 'reason', header: t('rejections.columns.reason'), cell: (row) => t(`reason.${row.reason}`) },
  ];

  return (
    <SidePanel
      onClose={onClose}
      size="xlarge"
      title={t('rejections.title')}
      subtitle={t('rejections.subtitle', { at: formatDateTime(feedImport.createdAt) })}
    >
      <div className={styles.panelBar}>
        <Button size="small" variant="outline" loading={downloading} onClick={download}>
          {t('rejections.download')}
        </Button>
      </div>
      <DataTable
        caption={t('rejections.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(row) => `${row.position}-${row.attribute}-${row.reason}`}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        empty={{ title: t('rejections.emptyTitle') }}
      />
      <Pagination meta={list.data?.meta} onPage={setPage} />
    </SidePanel>
  );
}
