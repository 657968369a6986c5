import type { OrganisationUserEntry } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { Loading } from '../../shell/loading';
import { usePageTitle } from '../../shell/page-title';
import { avatarStyle } from '../../shell/profile-info';
import { OrganisationUserActions } from './user-actions';
import { CreateOrganisationUserForm, EditOrganisationUserForm } from './user-form';
import { UserStatusBadges } from './user-status-badges';
import styles from './users.module.css';
import {
  fullName,
  kindOf,
  organisationOf,
  organisationPath,
  picksOrganisation,
  type UsersPlace,
  useOrganisationRoles,
  useOrganisationUser,
} from './users-api';

/** A positive integer query parameter: `null` when absent, NaN when malformed. */
export function idOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : Number.NaN;
}
export const isId = (id: number | null): id is number => id !== null && !Number.isNaN(id);

/** Whether the signed-in user may change the place's users. */
function useCanWrite(place: UsersPlace) {
  const { profile } = useProfile();
  return can(profile, kindOf[place.kind].resource, 'write');
}

/**
 * One user's page (`...-users/single?id=N`); with `?agencyId=N` or `?advertiserId=N` instead, a new
 * user of that organisation is added (in one's own organisation: without either).
 */
export function OrganisationUserPage({ place }: { place: UsersPlace }) {
  const { t } = useTranslation('users');
  const [searchParams] = useSearchParams();
  const id = idOf(searchParams.get('id'));
  const organisationId = idOf(searchParams.get(kindOf[place.kind].organisationField));
  const canWrite = useCanWrite(place);
  const user = useOrganisationUser(place, isId(id) ? id : null);
  const roles = useOrganisationRoles(place);
  const creating = id === null && (picksOrganisation(place) ? isId(organisationId) : organisationId === null);
  const team = picksOrganisation(place) ? place.kind : 'team';
  usePageTitle(
    creating
      ? t(`single.newTitle.${place.kind}`)
      : user.data
        ? fullName(user.data)
        : t(`single.editTitle.${place.kind}`),
  );

  const back = (to: number | null) => (
    <Link className={styles.back} to={organisationPath(place, to ?? 0)}>
      ← {t(`single.back.${team}`)}
    </Link>
  );

  if (creating) {
    return (
      <div className={styles.page}>
        {back(organisationId)}
        <header className={styles.header}>
          <div>
            <h1 className={styles.heading}>{t(`single.newTitle.${place.kind}`)}</h1>
            <p className={styles.lead}>{t('single.newLead')}</p>
          </div>
        </header>
        {!canWrite ? (
          <p className={styles.state}>{t('single.cannotCreate')}</p>
        ) : roles.isPending ? (
          <Loading />
        ) : (
          <div className={styles.single}>
            <CreateOrganisationUserForm place={place} organisationId={organisationId} />
          </div>
        )}
      </div>
    );
  }

  if (!isId(id) || (isApiError(user.error) && user.error.code === 404)) return <UserNotFound />;
  if (user.error) {
    return (
      <div className={styles.page}>
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
      {back(organisationOf(user.data).id)}
      <OrganisationUserView place={place} user={user.data} />
    </div>
  );
}

export function UserNotFound() {
  const { t } = useTranslation('users');
  return (
    <div className={styles.page}>
      <section className={styles.state} aria-labelledby="organisation-user-not-found">
        <h1 id="organisation-user-not-found" className={styles.stateTitle}>
          {t('single.notFoundTitle')}
        </h1>
        <p>{t('single.notFoundBody')}</p>
      </section>
    </div>
  );
}

/** A loaded user: who they are, their details form and the account actions. */
export function OrganisationUserView({ place, user }: { place: UsersPlace; user: OrganisationUserEntry }) {
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
            {user.email} · {organisation.name}
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
          {user.type === 'service' && <Badge tone="neutral">{t('types.service')}</Badge>}
          {self && <Badge tone="neutral">{t('single.you')}</Badge>}
          <UserStatusBadges user={user} />
        </div>
      </section>
      {!canWrite && <p className={styles.note}>{t('single.readOnly')}</p>}
      <div className={styles.grid}>
        <EditOrganisationUserForm
          key={`${user.id}-${user.updatedAt}`}
          place={place}
          user={user}
          canWrite={canWrite}
          self={self}
        />
        {canWrite && <OrganisationUserActions place={place} user={user} self={self} />}
      </div>
    </>
  );
}
