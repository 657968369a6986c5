import type { OrganisationKind, OrganisationUserEntry } from '@rtb/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { type Column, DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import styles from './organisation-users.module.css';
import { failureText, fullName, kindOf, useOrganisationUsers, userPath } from './organisation-users-api';
import { UserStatusBadges } from './user-status-badges';

const PER_PAGE = 10;

/**
 * The users of one agency or advertiser, for its page in the admin panel: a compact list linking
 * to each user's page, with 'Add user' for those who may change users. Its search, sorting and
 * page are its own (not in the address), since the organisation's page has lists of its own.
 */
export function OrganisationUsersSection({
  kind,
  organisationId,
}: {
  kind: OrganisationKind;
  organisationId: number;
}) {
  const { t } = useTranslation('organisation-users');
  const navigate = useNavigate();
  const canWrite = useCan(kindOf[kind].resource, 'write');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState({ field: 'name', order: 'asc' as 'asc' | 'desc' });
  const [page, setPage] = useState(1);
  const list = useOrganisationUsers(kind, {
    [kindOf[kind].organisationField]: organisationId,
    search: search || undefined,
    sort: sort.field,
    order: sort.order,
    page,
    perPage: PER_PAGE,
  });
  const onSort = (field: string) => {
    setSort({ field, order: sort.field === field && sort.order === 'asc' ? 'desc' : 'asc' });
    setPage(1);
  };
  const onSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  const columns: Column<OrganisationUserEntry>[] = [
    {
      key: 'name',
      header: t('columns.name'),
      sortField: 'name',
      cell: (user) => (
        <Link className={styles.nameLink} to={userPath(kind, { id: user.id })}>
          {fullName(user) || user.email}
        </Link>
      ),
    },
    { key: 'email', header: t('columns.email'), sortField: 'email', cell: (user) => user.email },
    { key: 'role', header: t('columns.role'), cell: (user) => user.role.name },
    { key: 'type', header: t('columns.type'), cell: (user) => t(`types.${user.type}`) },
    { key: 'status', header: t('columns.status'), cell: (user) => <UserStatusBadges user={user} /> },
    {
      key: 'lastLogin',
      header: t('columns.lastLogin'),
      sortField: 'lastLoginAt',
      cell: (user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('never')),
    },
  ];

  const addButton = canWrite ? (
    <Button size="small" onClick={() => navigate(userPath(kind, { organisationId }))}>
      {t('section.add')}
    </Button>
  ) : undefined;
  const headingId = `organisation-users-${kind}-${organisationId}`;

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <header className={styles.sectionHeader}>
        <h2 id={headingId} className={styles.cardHeading}>
          {t('section.heading')}
        </h2>
        {addButton}
      </header>
      <div className={listStyles.toolbar}>
        <SearchBox value={search} label={t('section.searchLabel')} onSearch={onSearch} />
      </div>
      <DataTable
        caption={t(`section.caption.${kind}`)}
        columns={columns}
        rows={list.data?.elements}
        rowKey={(user) => user.id}
        loading={list.isFetching}
        error={list.error ? (isApiError(list.error) ? failureText(t, list.error) : t('loadError')) : null}
        onRetry={() => list.refetch()}
        sort={sort.field}
        order={sort.order}
        onSort={onSort}
        empty={
          search
            ? { title: t('section.empty.filteredTitle'), body: t('section.empty.filteredBody') }
            : { title: t('section.empty.title'), body: canWrite ? t('section.empty.body') : undefined }
        }
      />
      <Pagination meta={list.data?.meta} onPage={setPage} />
    </section>
  );
}
