import type { ConfigValueDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useTabListParams } from '../../shell/list/use-tab-list-params';
import { configDescription, configKeyLabel, configValueText } from './config-value-text';
import styles from './configuration.module.css';
import { entryPath, useConfigValues } from './configuration-api';
import { loadError } from './list-state';

/** The platform's settings with their typed values; each links to its page. */
export function SettingsTab() {
  const { t } = useTranslation('configuration');
  const { params, apiParams, update, toggleSort } = useTabListParams();
  const query = useConfigValues(apiParams);

  const columns: Column<ConfigValueDto>[] = [
    {
      key: 'key',
      header: t('columns.setting'),
      sortField: 'key',
      cell: (entry) => (
        <>
          <Link className={styles.nameLink} to={entryPath('config-values', entry.id)}>
            {configKeyLabel(t, entry.key)}
          </Link>
          <p className={styles.muted}>
            <span className={styles.code}>{entry.key}</span>
            {entry.description ? ` · ${configDescription(t, entry)}` : ''}
          </p>
        </>
      ),
    },
    { key: 'type', header: t('columns.type'), sortField: 'type', cell: (entry) => t(`types.${entry.type}`) },
    {
      key: 'value',
      header: t('columns.value'),
      cell: (entry) =>
        entry.type === 'boolean' ? (
          <Badge tone={entry.value === true ? 'success' : 'alert'}>{configValueText(t, entry)}</Badge>
        ) : (
          <span className={styles.value}>{configValueText(t, entry)}</span>
        ),
    },
    {
      key: 'updatedAt',
      header: t('columns.updatedAt'),
      sortField: 'updatedAt',
      cell: (entry) => formatDateTime(entry.updatedAt),
    },
  ];

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          onSearch={(search) => update({ search })}
          label={t('settings.search')}
        />
      </div>
      <DataTable
        caption={t('tabs.settings')}
        columns={columns}
        rows={query.data?.elements}
        rowKey={(entry) => entry.id}
        loading={query.isFetching}
        error={loadError(t, query.error)}
        onRetry={() => void query.refetch()}
        sort={params.sort ?? 'key'}
        order={params.order}
        onSort={toggleSort}
        empty={
          params.search
            ? { title: t('empty.searchTitle'), body: t('empty.searchBody', { search: params.search }) }
            : { title: t('settings.empty') }
        }
      />
      <Pagination meta={query.data?.meta} onPage={(page) => update({ page })} />
    </>
  );
}
