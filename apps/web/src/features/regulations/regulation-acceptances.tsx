import type { LogRegulationDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import styles from './regulations.module.css';
import { failureText, useLogRegulations } from './regulations-api';

/** Who accepted the version, for which organisation, when and from where (newest first). */
export function RegulationAcceptances({ regulationId }: { regulationId: number }) {
  const { t } = useTranslation('regulations');
  const list = useListParams();
  // The page's own `id` and `type` are not the log's parameters.
  const {
    id: _id,
    type: _type,
    sort: _sort,
    order: _order,
    ...params
  } = list.apiParams as Record<string, string | number | undefined>;
  const query = useLogRegulations({ ...params, regulationId });

  const columns: Column<LogRegulationDto>[] = [
    { key: 'createdAt', header: t('acceptances.when'), cell: (row) => formatDateTime(row.createdAt) },
    {
      key: 'user',
      header: t('acceptances.user'),
      cell: (row) =>
        row.user ? (
          <>
            {row.user.name}
            <p className={styles.muted}>{row.user.email}</p>
          </>
        ) : (
          t('acceptances.unknownUser')
        ),
    },
    {
      key: 'organisation',
      header: t('acceptances.organisation'),
      cell: (row) => {
        const organisation = row.agency ?? row.advertiser;
        if (!organisation) return t('acceptances.unknownOrganisation');
        return (
          <>
            {organisation.name}
            <p className={styles.muted}>{t(row.agency ? 'acceptances.agency' : 'acceptances.advertiser')}</p>
          </>
        );
      },
    },
    { key: 'ip', header: t('acceptances.ip'), cell: (row) => row.ip ?? '—' },
  ];

  return (
    <section className={styles.card} aria-labelledby="regulation-acceptances-heading">
      <h2 id="regulation-acceptances-heading" className={styles.cardHeading}>
        {t('acceptances.heading')}
      </h2>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={list.params.search}
          label={t('acceptances.search')}
          onSearch={(search) => list.update({ search })}
        />
      </div>
      <DataTable
        caption={t('acceptances.heading')}
        columns={columns}
        rows={query.data?.elements}
        rowKey={(row) => row.id}
        loading={query.isFetching}
        error={
          query.error
            ? isApiError(query.error)
              ? failureText(t, query.error)
              : t('acceptances.loadError')
            : null
        }
        onRetry={() => void query.refetch()}
        empty={
          list.params.search
            ? {
                title: t('list.filteredEmptyTitle'),
                body: t('acceptances.searchEmpty', { search: list.params.search }),
              }
            : { title: t('acceptances.empty') }
        }
      />
      <Pagination meta={query.data?.meta} onPage={(page) => list.update({ page })} />
    </section>
  );
}
