import { userTypes } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/can';
import { isApiError } from '../../lib/api-client';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { SelectField } from '../../shell/form/select-field';
import listStyles from '../../shell/list/list.module.css';
import { SearchBox } from '../../shell/list/search-box';
import { useListParams } from '../../shell/list/use-list-params';
import { Loading } from '../../shell/loading';
import { usePageTitle } from '../../shell/page-title';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { CreateUserForm } from './user-form';
import { idOf, isId, UserNotFound, UserView } from './user-page';
import styles from './users.module.css';
import {
  fullName,
  kindOf,
  opensInSidePanel,
  type UsersPlace,
  userPath,
  useUser,
  useUsers,
} from './users-api';
import { UsersTable } from './users-table';

/**
 * Users: a panel's own users (the admins at `/panel/admin/admins`, the teams at
 * `/panel/agency/agency-users` and `/panel/advertiser/advertiser-users`), searchable, filterable by
 * status (and type: agency and advertiser users), sortable, 25 a page, with invitations for those
 * who may change users. The agency's users open in a side panel over the list (`?user=N`,
 * `?user=new`); the others on their own page.
 */
export function UsersPage({ place }: { place: UsersPlace }) {
  const { t } = useTranslation('users');
  usePageTitle(t('list.title'));
  const navigate = useNavigate();
  const { resource, typed } = kindOf[place.kind];
  const canWrite = useCan(resource, 'write');
  const { params, apiParams, update } = useListParams();
  const { user: opened, ...filters } = params.filters;
  const list = useUsers(place, { ...apiParams, user: undefined });
  // The API sorts by name unless told otherwise; the first click on Name flips it.
  const sort = params.sort ?? 'name';
  const onSort = (field: string) =>
    update({ sort: field, order: sort === field && params.order === 'asc' ? 'desc' : 'asc' });
  const filtered = Boolean(params.search || filters.enabled || filters.type);

  const addButton = canWrite ? (
    <Button onClick={() => navigate(userPath(place, 'new'))}>{t('list.add', { context: place.kind })}</Button>
  ) : undefined;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('list.title')}</h1>
          <p className={styles.lead}>{t('list.lead', { context: place.kind })}</p>
        </div>
        {addButton}
      </header>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          label={t('searchLabel', { context: place.kind })}
          onSearch={(search) => update({ search })}
        />
        <div className={listStyles.filters}>
          <SelectField
            className={styles.filter}
            label={t('list.statusFilter')}
            value={filters.enabled ?? ''}
            onChange={(event) => update({ enabled: event.target.value })}
            options={[
              { value: '', label: t('list.allStatuses') },
              { value: 'true', label: t('list.enabled', { context: place.kind }) },
              { value: 'false', label: t('list.disabled') },
            ]}
          />
          {typed && (
            <SelectField
              className={styles.filter}
              label={t('list.typeFilter')}
              value={filters.type ?? ''}
              onChange={(event) => update({ type: event.target.value })}
              options={[
                { value: '', label: t('list.allTypes') },
                ...userTypes.map((type) => ({ value: type, label: t(`types.${type}`) })),
              ]}
            />
          )}
        </div>
      </div>
      <UsersTable
        place={place}
        list={list}
        sort={sort}
        order={params.order}
        onSort={onSort}
        onPage={(page) => update({ page })}
        filtered={filtered}
        canWrite={canWrite}
        action={addButton}
      />
      {opensInSidePanel(place) && opened && (
        <UserSidePanel place={place} opened={opened} onClose={() => update({ user: undefined })} />
      )}
    </div>
  );
}

/** The user of `?user=N`, or a new one with `?user=new`, in a side panel over the list. */
function UserSidePanel({
  place,
  opened,
  onClose,
}: {
  place: UsersPlace;
  opened: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('users');
  const creating = opened === 'new';
  const id = creating ? null : idOf(opened);
  const user = useUser(place, isId(id) ? id : null);
  const canWrite = useCan(kindOf[place.kind].resource, 'write');
  const title = creating
    ? t('single.newTitle', { context: place.kind })
    : user.data
      ? fullName(user.data) || user.data.email
      : t('single.editTitle', { context: place.kind });
  let body: ReactNode;
  if (creating) {
    body = canWrite ? (
      <>
        <p className={styles.lead}>{t('single.newLead')}</p>
        <CreateUserForm place={place} organisationId={null} />
      </>
    ) : (
      <p className={styles.state}>{t('single.cannotCreate')}</p>
    );
  } else if (!isId(id) || (isApiError(user.error) && user.error.code === 404))
    body = <UserNotFound place={place} />;
  else if (user.error)
    body = (
      <p className={styles.state} role="alert">
        {isApiError(user.error) ? failureListText(t, user.error) : t('single.loadError')}
      </p>
    );
  else if (!user.data) body = <Loading />;
  else body = <UserView place={place} user={user.data} />;
  return (
    <SidePanel title={title} size="xlarge" onClose={onClose}>
      {body}
    </SidePanel>
  );
}
