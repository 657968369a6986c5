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
import { CreateOrganisationUserForm } from './user-form';
import { idOf, isId, OrganisationUserView, UserNotFound } from './user-page';
import styles from './users.module.css';
import {
  fullName,
  kindOf,
  opensInSidePanel,
  type UsersPlace,
  useOrganisationUser,
  useOrganisationUsers,
  userPath,
} from './users-api';
import { UsersTable } from './users-table';

/**
 * Users (`/panel/agency/agency-users`, `/panel/advertiser/advertiser-users`): the organisation's
 * own team, searchable, filterable by status and type, sortable, 25 a page, with invitations for
 * those who may change users. The agency's users open in a side panel over the list (`?user=N`,
 * `?user=new`); the advertiser's on their own page.
 */
export function TeamUsersPage({ place }: { place: UsersPlace }) {
  const { t } = useTranslation('users');
  usePageTitle(t('team.title'));
  const navigate = useNavigate();
  const canWrite = useCan(kindOf[place.kind].resource, 'write');
  const { params, apiParams, update } = useListParams();
  const { user: opened, ...filters } = params.filters;
  const list = useOrganisationUsers(place, { ...apiParams, user: undefined });
  // The API sorts by name unless told otherwise; the first click on Name flips it.
  const sort = params.sort ?? 'name';
  const onSort = (field: string) =>
    update({ sort: field, order: sort === field && params.order === 'asc' ? 'desc' : 'asc' });
  const filtered = Boolean(params.search || filters.enabled || filters.type);

  const addButton = canWrite ? (
    <Button onClick={() => navigate(userPath(place, 'new'))}>{t('team.add')}</Button>
  ) : undefined;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('team.title')}</h1>
          <p className={styles.lead}>{t(`team.lead.${place.kind}`)}</p>
        </div>
        {addButton}
      </header>
      <div className={listStyles.toolbar}>
        <SearchBox
          value={params.search}
          label={t('section.searchLabel')}
          onSearch={(search) => update({ search })}
        />
        <div className={listStyles.filters}>
          <SelectField
            label={t('team.statusFilter')}
            value={filters.enabled ?? ''}
            onChange={(event) => update({ enabled: event.target.value })}
            options={[
              { value: '', label: t('team.allStatuses') },
              { value: 'true', label: t('team.enabled') },
              { value: 'false', label: t('team.disabled') },
            ]}
          />
          <SelectField
            label={t('team.typeFilter')}
            value={filters.type ?? ''}
            onChange={(event) => update({ type: event.target.value })}
            options={[
              { value: '', label: t('team.allTypes') },
              ...userTypes.map((type) => ({ value: type, label: t(`types.${type}`) })),
            ]}
          />
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
  const user = useOrganisationUser(place, isId(id) ? id : null);
  const canWrite = useCan(kindOf[place.kind].resource, 'write');
  const title = creating
    ? t(`single.newTitle.${place.kind}`)
    : user.data
      ? fullName(user.data) || user.data.email
      : t(`single.editTitle.${place.kind}`);
  let body: ReactNode;
  if (creating) {
    body = canWrite ? (
      <>
        <p className={styles.lead}>{t('single.newLead')}</p>
        <CreateOrganisationUserForm place={place} organisationId={null} />
      </>
    ) : (
      <p className={styles.state}>{t('single.cannotCreate')}</p>
    );
  } else if (!isId(id) || (isApiError(user.error) && user.error.code === 404)) body = <UserNotFound />;
  else if (user.error)
    body = (
      <p className={styles.state} role="alert">
        {isApiError(user.error) ? failureListText(t, user.error) : t('single.loadError')}
      </p>
    );
  else if (!user.data) body = <Loading />;
  else body = <OrganisationUserView place={place} user={user.data} />;
  return (
    <SidePanel title={title} size="xlarge" onClose={onClose}>
      {body}
    </SidePanel>
  );
}
