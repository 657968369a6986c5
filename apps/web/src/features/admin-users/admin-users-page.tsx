import type { AdminUserEntry } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { EnabledBadge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { usePageTitle } from '../../shell/page-title';
import styles from './admin-users.module.css';
import { adminUserPath, fullName, useAdminUsers } from './admin-users-api';
import { NotActivatedBadge } from './status-badge';

/** Users (/panel/admin/admins): the platform's admin users, searchable, filterable, sortable. */
export function AdminUsersPage() {
  const { t } = useTranslation('admin-users');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const { profile } = useProfile();
  const canWrite = can(profile, 'admin-users', 'write');
  const { params, apiParams, update } = useListParams();
  // The API sorts by name unless told otherwise; the first click on Name flips it.
  const sort = params.sort ?? 'name';
  const onSort = (field: string) =>
    update({ sort: field, order: sort === field && params.order === 'asc' ? 'desc' : 'asc' });
  const list = useAdminUsers(apiParams);
  const enabledFilter = params.filters.enabled ?? '';
  const filtered = Boolean(params.search || enabledFilter);

  const columns: Column<AdminUserEntry>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      cell: (user) => (
        <Link className={styles.nameLink} to={adminUserPath(user.id)}>
          {fullName(user) || user.email}
        </Link>
      ),
    },
    { key: 'email', header: t('columns.email'), sortField: 'email', cell: (user) => user.email },
    { key: 'role', header: t('columns.role'), cell: (user) => user.role.name },
    {
      key: 'status',
      header: t('columns.status'),
      cell: (user) => (
        <span className={styles.badges}>
          <EnabledBadge enabled={user.user.enabled} />
          {!user.emailVerified && <NotActivatedBadge />}
        </span>
      ),
    },
    {
      key: 'lastLogin',
      header: t('columns.lastLogin'),
      cell: (user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('never')),
    },
  ];

  const addButton = canWrite ? (
    <Button onClick={() => navigate(adminUserPath())}>{t('add')}</Button>
  ) : undefined;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
        {addButton}
      </header>
      <div className={listStyles.toolbar}>
        <SearchBox value={params.search} label={t('searchLabel')} onSearch={(search) => update({ search })} />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('filters.statusLabel')}
            value={enabledFilter}
            onChange={(event) => update({ enabled: event.target.value })}
            options={[
              { value: '', label: t('filters.all') },
              { value: 'true', label: t('filters.enabled') },
              { value: 'false', label: t('filters.disabled') },
            ]}
          />
        </div>
      </div>
      <DataTable
        caption={t('caption')}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(user) => user.id}
        loading={list.isFetching}
        error={list.error ? (isApiError(list.error) ? failureListText(t, list.error) : t('loadError')) : null}
        onRetry={() => list.refetch()}
        sort={sort}
        order={params.order}
        onSort={onSort}
        empty={
          filtered
            ? { title: t('empty.filteredTitle'), body: t('empty.filteredBody') }
            : { title: t('empty.title'), body: canWrite ? t('empty.body') : undefined, action: addButton }
        }
      />
      <Pagination meta={list.data?.meta} onPage={(page) => update({ page })} />
    </div>
  );
}
