import type { OrganisationUserEntry } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format';
import type { Column } from '../../shell/list/data-table';
import styles from './organisation-users.module.css';
import { fullName, type UsersPlace, userPath } from './organisation-users-api';
import { UserStatusBadges } from './user-status-badges';

/** The columns of a users list: name (to the user's page), e-mail, role, type, status, last login. */
export function useUserColumns(place: UsersPlace): Column<OrganisationUserEntry>[] {
  const { t } = useTranslation('organisation-users');
  return [
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
    { key: 'type', header: t('columns.type'), cell: (user) => t(`types.${user.type}`) },
    { key: 'status', header: t('columns.status'), cell: (user) => <UserStatusBadges user={user} /> },
    {
      key: 'lastLogin',
      header: t('columns.lastLogin'),
      sortField: 'lastLoginAt',
      cell: (user) => (user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('never')),
    },
  ];
}
