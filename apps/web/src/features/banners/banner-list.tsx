import { type BannerDto, bannerStatuses, bannerTypes } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/format';
import { failureText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { BannerThumbnail } from './banner-preview';
import { bannerSizeText } from './banner-size';
import styles from './banners.module.css';
import { useBannerRules, useBanners } from './banners-api';
import { BannerStatusBadge } from './status-badge';

/**
 * The advertiser's creatives, newest first: search, filters by status, type and size, sorting,
 * paging; a name opens the creative's side panel. `uploadCall` is the empty state's call to
 * upload (absent without the right to).
 */
export function BannerList({ onOpen, uploadCall }: { onOpen: (id: number) => void; uploadCall?: ReactNode }) {
  const { t } = useTranslation('banners');
  const { params, apiParams, update } = useListParams({ pageKeys: ['banner'] });
  const list = useBanners(apiParams);
  const rules = useBannerRules();
  const { status = '', type = '', size = '' } = params.filters;
  const filtered = Boolean(params.search || status || type || size);
  // The API lists the newest first unless told otherwise.
  const sort = params.sort ?? 'createdAt';
  const order = params.sort ? params.order : 'desc';

  const columns: Column<BannerDto>[] = [
    { key: 'preview', header: t('columns.preview'), cell: (banner) => <BannerThumbnail banner={banner} /> },
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      cell: (banner) => (
        <span className={styles.nameCell}>
          <button type="button" className={styles.open} onClick={() => onOpen(banner.id)}>
            {banner.name}
          </button>
        </span>
      ),
    },
    { key: 'type', header: t('columns.type'), cell: (banner) => t(`type.${banner.type}`) },
    {
      key: 'size',
      header: t('columns.size'),
      cell: (banner) => bannerSizeText(t, banner),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      cell: (banner) => (
        <>
          <BannerStatusBadge status={banner.status} />
          {banner.status === 'rejected' && banner.rejectionReason && (
            <p className={styles.muted}>{t(`reason.${banner.rejectionReason}`)}</p>
          )}
        </>
      ),
    },
    {
      key: 'updatedAt',
      header: t('columns.updated'),
      sortField: 'updatedAt',
      cell: (banner) => (
        <>
          {formatDateTime(banner.updatedAt)}
          {banner.updatedBy && <p className={styles.muted}>{banner.updatedBy.name}</p>}
        </>
      ),
    },
  ];

  const sizes = rules.data?.sizes ?? [];
  return (
    <section className={styles.listSection} aria-labelledby="banner-list-heading">
      <h2 id="banner-list-heading" className={styles.sectionHeading}>
        {t('list.heading')}
      </h2>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('list.search')} onSearch={(search) => update({ search })} />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('list.statusFilter')}
            value={status}
            onChange={(event) => update({ status: event.target.value })}
            options={[
              { value: '', label: t('list.allStatuses') },
              ...bannerStatuses.map((value) => ({ value, label: t(`status.${value}`) })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('list.typeFilter')}
            value={type}
            onChange={(event) => update({ type: event.target.value })}
            options={[
              { value: '', label: t('list.allTypes') },
              ...bannerTypes.map((value) => ({ value, label: t(`type.${value}`) })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('list.sizeFilter')}
            value={size}
            onChange={(event) => update({ size: event.target.value })}
            options={[
              { value: '', label: t('list.allSizes') },
              ...[...new Set(size ? [...sizes, size] : sizes)].map((value) => ({ value, label: value })),
            ]}
          />
        </div>
      </div>
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(banner) => banner.id}
        loading={list.isFetching}
        error={list.error ? failureText(t, list.error) : null}
        onRetry={() => void list.refetch()}
        sort={sort}
        order={order}
        onSort={(field) => update({ sort: field, order: field === sort && order === 'asc' ? 'desc' : 'asc' })}
        empty={
          filtered
            ? { title: t('list.filteredTitle'), body: t('list.filteredBody') }
            : {
                title: t('list.emptyTitle'),
                body: uploadCall ? t('list.emptyBody') : undefined,
                action: uploadCall,
              }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </section>
  );
}
