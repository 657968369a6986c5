import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EnabledBadge } from '../../shell/badge/badge';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useTabListParams } from '../../shell/list/use-tab-list-params';
import styles from './configuration.module.css';
import {
  entryName,
  entryPath,
  type ReferenceEntries,
  type ReferenceEntry,
  type ReferenceList,
  useReferenceList,
} from './configuration-api';
import { EnabledToggle } from './enabled-toggle';
import { loadError } from './list-state';

/** Countries, currencies or languages: every entry, enabled or not, with the enabled toggle. */
export function ReferenceTab({ list, canWrite }: { list: ReferenceList; canWrite: boolean }) {
  const { t } = useTranslation('configuration');
  const { params, apiParams, update, toggleSort } = useTabListParams();
  const query = useReferenceList(list, apiParams);
  const rows = query.data?.elements as ReferenceEntry[] | undefined;

  const columns: Column<ReferenceEntry>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      cell: (entry) => (
        <Link className={styles.nameLink} to={entryPath(list, entry.id)}>
          {entryName(list, entry)}
        </Link>
      ),
    },
    {
      key: 'code',
      header: t('columns.code'),
      sortField: 'code',
      cell: (entry) => <span className={styles.code}>{entry.code}</span>,
    },
  ];
  if (list === 'countries') {
    columns.push(
      {
        key: 'isoCode',
        header: t('columns.isoCode'),
        cell: (e) => (e as ReferenceEntries['countries']).isoCode,
      },
      {
        key: 'eu',
        header: t('columns.eu'),
        cell: (e) => t((e as ReferenceEntries['countries']).eu ? 'values.yes' : 'values.no'),
      },
    );
  }
  if (list === 'currencies') {
    columns.push(
      {
        key: 'isoCode',
        header: t('columns.isoCode'),
        cell: (e) => (e as ReferenceEntries['currencies']).isoCode,
      },
      {
        key: 'symbol',
        header: t('columns.symbol'),
        cell: (e) => (e as ReferenceEntries['currencies']).symbol,
      },
    );
  }
  columns.push({
    key: 'status',
    header: t('columns.status'),
    cell: (entry) => <EnabledBadge enabled={entry.enabled} />,
  });
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: t('columns.actions'),
      align: 'end',
      cell: (entry) => <EnabledToggle list={list} entry={entry} />,
    });
  }

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          onSearch={(search) => update({ search })}
          label={t(`${list}.search`)}
        />
      </div>
      <DataTable
        caption={t(`tabs.${list}`)}
        columns={columns}
        rows={rows}
        rowKey={(entry) => entry.id}
        loading={query.isFetching}
        error={loadError(t, query.error)}
        onRetry={() => void query.refetch()}
        sort={params.sort ?? 'name'}
        order={params.order}
        onSort={toggleSort}
        empty={
          params.search
            ? { title: t('empty.searchTitle'), body: t('empty.searchBody', { search: params.search }) }
            : { title: t(`${list}.empty`) }
        }
      />
      <Pagination meta={query.data?.meta} onPage={(page) => update({ page })} />
    </>
  );
}
