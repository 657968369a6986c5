import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/can';
import { Button } from '../../shell/button/button';
import listStyles from '../../shell/list/list.module.css';
import { SearchBox } from '../../shell/list/search-box';
import styles from './users.module.css';
import { kindOf, type OrganisationUsersPlace, userPath, useUsers } from './users-api';
import { UsersTable } from './users-table';

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
  place: OrganisationUsersPlace;
  organisationId: number;
}) {
  const { t } = useTranslation('users');
  const navigate = useNavigate();
  const canWrite = useCan(kindOf[place.kind].resource, 'write');
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState({ field: 'name', order: 'asc' as 'asc' | 'desc' });
  const [page, setPage] = useState(1);
  const list = useUsers(place, {
    [kindOf[place.kind].organisationField]: organisationId,
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
        <SearchBox value={search} label={t('searchLabel')} onSearch={onSearch} />
      </div>
      <UsersTable
        place={place}
        list={list}
        sort={sort.field}
        order={sort.order}
        onSort={onSort}
        onPage={setPage}
        filtered={Boolean(search)}
        canWrite={canWrite}
      />
    </section>
  );
}
