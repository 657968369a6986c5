import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { Loading } from '../../shell/loading';
import { usePageTitle } from '../../shell/page-title';
import { avatarStyle } from '../../shell/profile-info';
import { UserActions } from './user-actions';
import { CreateUserForm, EditUserForm } from './user-form';
import { UserStatusBadges } from './user-status-badges';
import styles from './users.module.css';
import {
  backPath,
  fullName,
  kindOf,
  organisationOf,
  picksOrganisation,
  type UserEntry,
  type UsersPlace,
  useRoles,
  useUser,
} from './users-api';

/** A positive integer query parameter: `null` when absent, NaN when malformed. */
export function idOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : Number.NaN;
}
export const isId = (id: number | null): id is number => id !== null && !Number.isNaN(id);

/** Whether the signed-in user may change the place's users. */
const useCanWrite = (place: UsersPlace) => useCan(kindOf[place.kind].resource, 'write');

/**
 * One user's page (`/panel/admin/admins/single?id=N`, `...-users/single?id=N`); without an id, a
 * new user is added: of the organisation in `?agencyId=N` or `?advertiserId=N` where the panel
 * picks it, else one of the panel's own users.
 */
export function UserPage({ place }: { place: UsersPlace }) {
  const { t } = useTranslation('users');
  const [searchParams] = useSearchParams();
  const id = idOf(searchParams.get('id'));
  const { organisationField } = kindOf[place.kind];
  const organisationId = organisationField ? idOf(searchParams.get(organisationField)) : null;
  const canWrite = useCanWrite(place);
  const user = useUser(place, isId(id) ? id : null);
  const roles = useRoles(place);
  const creating = id === null && (picksOrganisation(place) ? isId(organisationId) : organisationId === null);
  usePageTitle(
    creating
      ? t('single.newTitle', { context: place.kind })
      : user.data
        ? fullName(user.data)
        : t('single.editTitle', { context: place.kind }),
  );

  /** Back to the panel's own users, or to the user's organisation once it is known. */
  const back = (organisation?: number) => {
    const to = backPath(place, organisation);
    return (
      to && (
        <Link className={styles.back} to={to}>
          ← {t('single.back', { context: picksOrganisation(place) ? place.kind : undefined })}
        </Link>
      )
    );
  };

  if (creating) {
    return (
      <div className={styles.page}>
        {back(organisationId ?? undefined)}
        <header className={styles.header}>
          <div>
            <h1 className={styles.heading}>{t('single.newTitle', { context: place.kind })}</h1>
            <p className={styles.lead}>{t('single.newLead')}</p>
          </div>
        </header>
        {!canWrite ? (
          <p className={styles.state}>{t('single.cannotCreate')}</p>
        ) : roles.isPending ? (
          <Loading />
        ) : (
          <div className={styles.single}>
            <CreateUserForm place={place} organisationId={organisationId} />
          </div>
        )}
      </div>
    );
  }

  if (!isId(id) || (isApiError(user.error) && user.error.code === 404))
    return <UserNotFound place={place} back={back()} />;
  if (user.error) {
    return (
      <div className={styles.page}>
        {back()}
        <section className={styles.state} role="alert">
          <p className={styles.stateTitle}>
            {isApiError(user.error) ? failureListText(t, user.error) : t('single.loadError')}
          </p>
          <Button variant="outline" onClick={() => user.refetch()}>
            {t('common:retry')}
          </Button>
        </section>
      </div>
    );
  }
  if (!user.data || roles.isPending) return <Loading />;
  return (
    <div className={styles.page}>
      {back(organisationOf(user.data)?.id)}
      <UserView place={place} user={user.data} />
    </div>
  );
}

export function UserNotFound({ place, back }: { place: UsersPlace; back?: ReactNode }) {
  const { t } = useTranslation('users');
  return (
    <div className={styles.page}>
      {back}
      <section className={styles.state} aria-labelledby="user-not-found">
        <h1 id="user-not-found" className={styles.stateTitle}>
          {t('single.notFoundTitle')}
        </h1>
        <p>{t('single.notFoundBody', { context: place.kind })}</p>
      </section>
    </div>
  );
}

/** A loaded user: who they are, their details form and the account actions. */
export function UserView({ place, user }: { place: UsersPlace; user: UserEntry }) {
  const { t } = useTranslation('users');
  const { profile } = useProfile();
  const canWrite = useCanWrite(place);
  const self = profile?.id === user.user.id;
  const organisation = organisationOf(user);
  return (
    <>
      <section className={styles.summary} aria-label={t('single.summaryLabel')}>
        <span className={styles.avatar} style={avatarStyle(user.avatarColor)} aria-hidden="true">
          {user.avatarInitials}
        </span>
        <div className={styles.identity}>
          <h1 className={styles.heading}>{fullName(user) || user.email}</h1>
          <p className={styles.muted}>
            {user.email}
            {organisation && <> · {organisation.name}</>}
          </p>
          <p className={styles.muted}>
            {t('single.createdAt', { date: formatDateTime(user.createdAt) })}
            {' · '}
            {t('single.lastLogin', {
              date: user.lastLoginAt ? formatDateTime(user.lastLoginAt) : t('never'),
            })}
          </p>
        </div>
        <div className={styles.badges}>
          <Badge tone="neutral">{user.role.name}</Badge>
          {'type' in user && user.type === 'service' && <Badge tone="neutral">{t('types.service')}</Badge>}
          {self && <Badge tone="neutral">{t('single.you')}</Badge>}
          <UserStatusBadges user={user} />
        </div>
      </section>
      {!canWrite && <p className={styles.note}>{t('single.readOnly')}</p>}
      <div className={styles.grid}>
        <EditUserForm
          key={`${user.id}-${user.updatedAt}`}
          place={place}
          user={user}
          canWrite={canWrite}
          self={self}
        />
        {canWrite && <UserActions place={place} user={user} self={self} />}
      </div>
    </>
  );
}
