import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { DataTable } from '../../shell/list/data-table';
import listStyles from '../../shell/list/list.module.css';
import { Pagination } from '../../shell/list/pagination';
import { SearchBox } from '../../shell/list/search-box';
import styles from './organisation-users.module.css';
import {
  failureText,
  kindOf,
  type UsersPlace,
  useOrganisationUsers,
  userPath,
} from './organisation-users-api';
import { useUserColumns } from './user-columns';

const PER_PAGE = 10;

/**
 * The users of one agency or advertiser, for its page (the admin's agencies and advertisers, the
 * agency's advertisers): a compact list linking to each user's page, with 'Add user' for those
 * who may change users. Its search, sorting and page are its own (not in the address), since the
 * organisation's page has lists of its own.
 */
export function OrganisationUsersSection({
  place,
  organisationId,
}: {
  place: UsersPlace;
  organisationId: number;
}) {
  const { t } = useTranslation('organisation-users');
  const navigate = useNavigate();
  const canWrite = useCan(kindOf[place.kind].resource, 'write');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState({ field: 'name', order: 'asc' as 'asc' | 'desc' });
  const [page, setPage] = useState(1);
  const list = useOrganisationUsers(place, {
    [kindOf[place.kind].organisationField]: organisationId,
    search: search || undefined,
    sort: sort.field,
    order: sort.order,
    page,
    perPage: PER_PAGE,
  });
  const columns = useUserColumns(place);
  const onSort = (field: string) => {
    setSort({ field, order: sort.field === field && sort.order === 'asc' ? 'desc' : 'asc' });
    setPage(1);
  };
  const onSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  const addButton = canWrite ? (
    <Button size="small" onClick={() => navigate(userPath(place, { organisationId }))}>
      {t('section.add')}
    </Button>
  ) : undefined;
  const headingId = `organisation-users-${place.kind}-${organisationId}`;

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
        caption={t(`section.caption.${place.kind}`)}
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
