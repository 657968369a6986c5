import type { BannerReviewItemDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { BannerThumbnail, bannerSizeText, bannersStyles as styles, useOpenBanner } from '../banners';
import { advertiserPath } from '../organisations';
import { useReviewQueue } from './banner-reviews-api';
import { ReviewPanel } from './review-panel';

/**
 * The creatives waiting for review, oldest first, with their advertisers; one opens in the
 * review panel (`?banner=<id>`), which moves on to the next one after a decision.
 */
export function ReviewQueue() {
  const { t } = useTranslation('banners');
  const { params, apiParams, update } = useListParams({ pageKeys: ['tab', 'banner'] });
  const list = useReviewQueue({ page: apiParams.page, search: apiParams.search });
  const [openId, setOpen] = useOpenBanner();
  const elements = list.data?.elements ?? [];

  /** The one after the decided creative on this page, or none (the panel closes). */
  const next = (decided: number) => {
    const index = elements.findIndex((item) => item.id === decided);
    const following = index < 0 ? undefined : elements[index + 1];
    setOpen(following ? following.id : null);
  };

  const columns: Column<BannerReviewItemDto>[] = [
    { key: 'preview', header: t('columns.preview'), cell: (item) => <BannerThumbnail banner={item} /> },
    {
      key: 'banner',
      header: t('review.columns.banner'),
      cell: (item) => (
        <>
          <button type="button" className={styles.open} onClick={() => setOpen(item.id)}>
            {item.name}
          </button>
          <p className={styles.muted}>{t(`type.${item.type}`)}</p>
        </>
      ),
    },
    {
      key: 'advertiser',
      header: t('review.columns.advertiser'),
      cell: ({ advertiser }) => (
        <>
          <span className={styles.advertiserCell}>
            <Link to={advertiserPath('admin', advertiser.id)}>{advertiser.name}</Link>
            {advertiser.creativesTrusted && <Badge tone="info">{t('review.trusted')}</Badge>}
          </span>
          <p className={styles.muted}>
            {advertiser.code} · {advertiser.agency?.name ?? t('review.noAgency')}
          </p>
        </>
      ),
    },
    {
      key: 'size',
      header: t('review.columns.size'),
      cell: (item) => bannerSizeText(t, item),
    },
    {
      key: 'landingUrl',
      header: t('review.columns.landingUrl'),
      cell: (item) => (
        <a className={styles.landing} href={item.landingUrl} target="_blank" rel="noopener noreferrer">
          {item.landingUrl}
        </a>
      ),
    },
    {
      key: 'submitted',
      header: t('review.columns.submitted'),
      cell: (item) => formatDateTime(item.submittedAt),
    },
  ];

  return (
    <>
      <p className={styles.muted}>{t('review.lead')}</p>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          label={t('review.search')}
          onSearch={(search) => update({ search })}
        />
      </div>
      <DataTable
        caption={t('review.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(item) => item.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        empty={
          params.search
            ? { title: t('review.filteredTitle'), body: t('review.filteredBody') }
            : { title: t('review.emptyTitle'), body: t('review.emptyBody') }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
      {openId !== null && (
        <ReviewPanel
          id={openId}
          item={elements.find((item) => item.id === openId)}
          onClose={() => setOpen(null)}
          onDecided={() => next(openId)}
        />
      )}
    </>
  );
}
