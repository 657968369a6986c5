import type { BannerDto } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { BannerStatusBadge, BannerThumbnail, bannerSizeText, bannersStyles as styles } from '../banners';
import { reviewPath, useAdvertiserBanners } from './banner-reviews-api';

/** The admin's advertiser page: that advertiser's creatives, a pending one with a link to its review. */
export function AdvertiserCreatives({ advertiserId }: { advertiserId: number }) {
  const { t } = useTranslation('banners');
  const [page, setPage] = useState(1);
  const list = useAdvertiserBanners(advertiserId, page);
  const columns: Column<BannerDto>[] = [
    { key: 'preview', header: t('columns.preview'), cell: (banner) => <BannerThumbnail banner={banner} /> },
    {
      key: 'name',
      header: t('columns.name'),
      cell: (banner) => (
        <>
          {banner.name}
          <p className={styles.muted}>{t(`type.${banner.type}`)}</p>
        </>
      ),
    },
    {
      key: 'size',
      header: t('columns.size'),
      cell: (banner) => bannerSizeText(t, banner),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (banner) => (
        <span className={styles.advertiserCell}>
          <BannerStatusBadge status={banner.status} />
          {banner.status === 'pending' && (
            <Link to={reviewPath(banner.id)} aria-label={t('review.reviewNamed', { name: banner.name })}>
              {t('review.review')}
            </Link>
          )}
        </span>
      ),
    },
    { key: 'updatedAt', header: t('columns.updated'), cell: (banner) => formatDateTime(banner.updatedAt) },
  ];
  return (
    <section className={styles.sectionCard} aria-labelledby="advertiser-creatives-heading">
      <h2 id="advertiser-creatives-heading" className={styles.cardHeading}>
        {t('creatives.heading')}
      </h2>
      <DataTable
        caption={t('creatives.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(banner) => banner.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        empty={{ title: t('creatives.emptyTitle'), body: t('creatives.emptyBody') }}
      />
      <Pagination meta={list.data?.meta} onPage={setPage} />
    </section>
  );
}
