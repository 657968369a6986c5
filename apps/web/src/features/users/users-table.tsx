import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { failureListText } from '../../shell/form/failure-text';
import { type Column, DataTable } from '../../shell/list/data-table';
import { Pagination } from '../../shell/list/pagination';
import { UserStatusBadges } from './user-status-badges';
import styles from './users.module.css';
import { fullName, kindOf, type UserEntry, type UsersPage, type UsersPlace, userPath } from './users-api';

/**
 * A page of users: name (to the user's page), e-mail, role, type (agency and advertiser users),
 * status and last login, with the loading, error and empty states (`filtered`: nothing matches;
 * else none yet, with `action`) and the pager. A column sorts where the kind's list can.
 */
export function UsersTable({
  place,
  list,
  sort,
  order,
  onSort,
  onPage,
  filtered,
  canWrite,
  action,
}: {
  place: UsersPlace;
  list: UseQueryResult<UsersPage>;
  sort: string;
  order: 'asc' | 'desc';
  onSort: (field: string) => void;
  onPage: (page: number) => void;
  filtered: boolean;
  canWrite: boolean;
  action?: ReactNode;
}) {
  const { t } = useTranslation('users');
  const { typed } = kindOf[place.kind];
  const sortFields: readonly string[] = kindOf[place.kind].sortFields;
  const columns: Column<UserEntry>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      cell: (user) => (
        <Link className={styles.nameLink} to={userPath(place, { id: user.id })}>
          {fullName(user) || user.email}
        </Link>
      ),
    },
    { key: 'email', header: t('columns.email'), sortField: 'email', cell: (user) => user.email },
    { key: 'role', header: t('columns.role'), cell: (user) => user.role.name },
    {
      key: 'type',
      header: t('columns.type'),
      cell: (user) => ('type' in user ? t(`types.${user.type}`) : null),
    },
    { key: 'status', header: t('columns.status'), cell: (user) => <UserStatusBadges user={user} /> },
    {
      key: 'lastLogin',
      header: t('columns.lastLogin'),
      sortField: sortFields.includes('lastLoginAt') ? 'lastLoginAt' : undefined,
      cell: (user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('never')),
    },
  ];
  return (
    <>
      <DataTable
        caption={t('caption', { context: place.kind })}
        columns={typed ? columns : columns.filter((column) => column.key !== 'type')}
        rows={list.data?.elements}
        rowKey={(user) => user.id}
        loading={list.isFetching}
        error={list.error ? (isApiError(list.error) ? failureListText(t, list.error) : t('loadError')) : null}
        onRetry={() => list.refetch()}
        sort={sort}
        order={order}
        onSort={onSort}
        empty={
          filtered
            ? {
                title: t('empty.filteredTitle', { context: place.kind }),
                body: t('empty.filteredBody', { context: place.kind }),
              }
            : { title: t('empty.title'), body: canWrite ? t('empty.body') : undefined, action }
        }
      />
      <Pagination meta={list.data?.meta} onPage={onPage} />
    </>
  );
}
