import type { OrganisationKind } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Badge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { Loading } from '../../shell/loading';
import { usePageTitle } from '../../shell/page-title';
import { OrganisationUserActions } from './organisation-user-actions';
import { CreateOrganisationUserForm, EditOrganisationUserForm } from './organisation-user-form';
import styles from './organisation-users.module.css';
import {
  failureText,
  fullName,
  kindOf,
  organisationOf,
  organisationPath,
  useOrganisationRoles,
  useOrganisationUser,
} from './organisation-users-api';
import { UserStatusBadges } from './user-status-badges';

/** A positive integer query parameter: `null` when absent, NaN when malformed. */
function idOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : Number.NaN;
}
const isId = (id: number | null): id is number => id !== null && !Number.isNaN(id);

/**
 * One agency or advertiser user (`agency-users/single?id=N`, `advertiser-users/single?id=N`); with
 * `?agencyId=N` or `?advertiserId=N` instead, a new user of that organisation is added.
 */
export function OrganisationUserPage({ kind }: { kind: OrganisationKind }) {
  const { t } = useTranslation('organisation-users');
  const [searchParams] = useSearchParams();
  const id = idOf(searchParams.get('id'));
  const organisationId = idOf(searchParams.get(kindOf[kind].organisationField));
  const { profile } = useProfile();
  const canWrite = can(profile, kindOf[kind].resource, 'write');
  const user = useOrganisationUser(kind, isId(id) ? id : null);
  const roles = useOrganisationRoles(kind);
  const creating = id === null && isId(organisationId);
  usePageTitle(
    creating ? t(`single.newTitle.${kind}`) : user.data ? fullName(user.data) : t(`single.editTitle.${kind}`),
  );

  const back = (to: number) => (
    <Link className={styles.back} to={organisationPath(kind, to)}>
      ← {t(`single.back.${kind}`)}
    </Link>
  );

  if (creating) {
    return (
      <div className={styles.page}>
        {back(organisationId)}
        <header className={styles.header}>
          <div>
            <h1 className={styles.heading}>{t(`single.newTitle.${kind}`)}</h1>
            <p className={styles.lead}>{t('single.newLead')}</p>
          </div>
        </header>
        {!canWrite ? (
          <p className={styles.state}>{t('single.cannotCreate')}</p>
        ) : roles.isPending ? (
          <Loading />
        ) : (
          <div className={styles.single}>
            <CreateOrganisationUserForm kind={kind} organisationId={organisationId} />
          </div>
        )}
      </div>
    );
  }

  if (!isId(id) || (isApiError(user.error) && user.error.code === 404)) {
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
  if (user.error) {
    return (
      <div className={styles.page}>
        <section className={styles.state} role="alert">
          <p className={styles.stateTitle}>
            {isApiError(user.error) ? failureText(t, user.error) : t('single.loadError')}
          </p>
          <Button variant="outline" onClick={() => user.refetch()}>
            {t('common:retry')}
          </Button>
        </section>
      </div>
    );
  }
  if (!user.data || roles.isPending) return <Loading />;

  const data = user.data;
  const organisation = organisationOf(data);
  return (
    <div className={styles.page}>
      {back(organisation.id)}
      <section className={styles.summary} aria-label={t('single.summaryLabel')}>
        <span className={styles.avatar} style={{ background: data.avatarColor }} aria-hidden="true">
          {data.avatarInitials}
        </span>
        <div className={styles.identity}>
          <h1 className={styles.heading}>{fullName(data) || data.email}</h1>
          <p className={styles.muted}>
            {data.email} · {organisation.name}
          </p>
          <p className={styles.muted}>
            {t('single.createdAt', { date: formatDateTime(data.createdAt) })}
            {' · '}
            {t('single.lastLogin', {
              date: data.lastLoginAt ? formatDateTime(data.lastLoginAt) : t('never'),
            })}
          </p>
        </div>
        <div className={styles.badges}>
          <Badge tone="neutral">{data.role.name}</Badge>
          {data.type === 'service' && <Badge tone="neutral">{t('types.service')}</Badge>}
          <UserStatusBadges user={data} />
        </div>
      </section>
      {!canWrite && <p className={styles.note}>{t('single.readOnly')}</p>}
      <div className={styles.grid}>
        <EditOrganisationUserForm
          key={`${data.id}-${data.updatedAt}`}
          kind={kind}
          user={data}
          canWrite={canWrite}
        />
        {canWrite && <OrganisationUserActions kind={kind} user={data} />}
      </div>
    </div>
  );
}
