import { type RegulationListItem, regulationTypes } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Badge, EnabledBadge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useTabListParams } from '../../shell/list/use-tab-list-params';
import styles from './regulations.module.css';
import { failureText, newRegulationPath, regulationPath, useRegulations } from './regulations-api';

/** Enabled or Disabled, and Current for the version users are asked to accept. */
export function RegulationBadges({
  regulation,
}: {
  regulation: Pick<RegulationListItem, 'enabled' | 'current'>;
}) {
  const { t } = useTranslation('regulations');
  return (
    <span className={styles.badges}>
      <EnabledBadge enabled={regulation.enabled} />
      {regulation.current && <Badge tone="neutral">{t('status.current')}</Badge>}
    </span>
  );
}

/**
 * The configuration page's Regulations tab: every version of every document, newest first
 * within its type, with its status and how many organisations accepted it.
 */
export function RegulationsTab() {
  const { t } = useTranslation('regulations');
  const navigate = useNavigate();
  const canWrite = useCan('regulations', 'write');
  const { params, apiParams, update, toggleSort } = useTabListParams();
  const query = useRegulations(apiParams);
  const typeFilter = params.filters.type ?? '';
  const enabledFilter = params.filters.enabled ?? '';
  const filtered = Boolean(params.search || typeFilter || enabledFilter);

  const columns: Column<RegulationListItem>[] = [
    {
      key: 'type',
      header: t('columns.document'),
      sortField: 'type',
      cell: (regulation) => (
        <>
          <Link className={styles.nameLink} to={regulationPath(regulation.id)}>
            {regulation.title}
          </Link>
          <p className={styles.muted}>{t(`types.${regulation.type}`)}</p>
        </>
      ),
    },
    {
      key: 'version',
      header: t('columns.version'),
      sortField: 'version',
      cell: (regulation) => t('versionNumber', { version: regulation.version }),
    },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (regulation) => <RegulationBadges regulation={regulation} />,
    },
    {
      key: 'locales',
      header: t('columns.languages'),
      cell: (regulation) => regulation.locales.map((locale) => locale.toUpperCase()).join(', '),
    },
    {
      key: 'acceptances',
      header: t('columns.acceptances'),
      align: 'end',
      cell: (regulation) => regulation.acceptanceCount,
    },
    {
      key: 'createdAt',
      header: t('columns.createdAt'),
      sortField: 'createdAt',
      cell: (regulation) => formatDateTime(regulation.createdAt),
    },
  ];

  return (
    <>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('list.search')} onSearch={(search) => update({ search })} />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('list.typeLabel')}
            value={typeFilter}
            onChange={(event) => update({ type: event.target.value })}
            options={[
              { value: '', label: t('list.allTypes') },
              ...regulationTypes.map((type) => ({ value: type, label: t(`types.${type}`) })),
            ]}
          />
          <SelectField
            className={styles.filter}
            label={t('list.statusLabel')}
            value={enabledFilter}
            onChange={(event) => update({ enabled: event.target.value })}
            options={[
              { value: '', label: t('list.allStatuses') },
              { value: 'true', label: t('shell:status.enabled') },
              { value: 'false', label: t('shell:status.disabled') },
            ]}
          />
        </div>
        {canWrite && (
          <div className={styles.toolbarActions}>
            {regulationTypes.map((type) => (
              <Button key={type} size="small" onClick={() => navigate(newRegulationPath(type))}>
                {t('list.newVersion', { type: t(`types.${type}`) })}
              </Button>
            ))}
          </div>
        )}
      </div>
      <DataTable
        caption={t('list.caption')}
        columns={columns}
        rows={query.data?.elements}
        rowKey={(regulation) => regulation.id}
        loading={query.isFetching}
        error={
          query.error ? (isApiError(query.error) ? failureText(t, query.error) : t('list.loadError')) : null
        }
        onRetry={() => void query.refetch()}
        sort={params.sort ?? 'type'}
        order={params.order}
        onSort={toggleSort}
        empty={
          filtered
            ? { title: t('list.filteredEmptyTitle'), body: t('list.filteredEmptyBody') }
            : { title: t('list.emptyTitle'), body: canWrite ? t('list.emptyBody') : undefined }
        }
      />
      <Pagination meta={query.data?.meta} onPage={(page) => update({ page })} />
    </>
  );
}
