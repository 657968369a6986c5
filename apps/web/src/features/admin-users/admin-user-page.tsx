import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { isApiError } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format';
import { Badge, EnabledBadge } from '../../shell/badge/badge';
import { Button } from '../../shell/button/button';
import { failureListText } from '../../shell/form/failure-text';
import { Loading } from '../../shell/loading';
import { usePageTitle } from '../../shell/page-title';
import { avatarStyle } from '../../shell/profile-info';
import { AdminUserActions } from './admin-user-actions';
import { CreateAdminUserForm, EditAdminUserForm } from './admin-user-form';
import styles from './admin-users.module.css';
import { ADMIN_USERS_PATH, fullName, useAdminRoles, useAdminUser } from './admin-users-api';
import { NotActivatedBadge } from './status-badge';

/** The `id` query parameter: a positive integer, `null` when absent, NaN when malformed. */
function idOf(raw: string | null): number | null {
  if (raw === null || raw === '') return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : Number.NaN;
}

/** One admin user (/panel/admin/admins/single?id=N); without an id, a new one is added. */
export function AdminUserPage() {
  const { t } = useTranslation('admin-users');
  const [searchParams] = useSearchParams();
  const id = idOf(searchParams.get('id'));
  const { profile } = useProfile();
  const canWrite = can(profile, 'admin-users', 'write');
  const valid = id !== null && !Number.isNaN(id);
  const user = useAdminUser(valid ? id : null);
  const roles = useAdminRoles();
  usePageTitle(id === null ? t('single.newTitle') : user.data ? fullName(user.data) : t('single.editTitle'));

  const back = (
    <Link className={styles.back} to={ADMIN_USERS_PATH}>
      ← {t('single.back')}
    </Link>
  );

  if (id === null) {
    return (
      <div className={styles.page}>
        {back}
        <header className={styles.header}>
          <div>
            <h1 className={styles.heading}>{t('single.newTitle')}</h1>
            <p className={styles.lead}>{t('single.newLead')}</p>
          </div>
        </header>
        {!canWrite ? (
          <p className={styles.state}>{t('single.cannotCreate')}</p>
        ) : roles.isPending ? (
          <Loading />
        ) : (
          <div className={styles.single}>
            <CreateAdminUserForm />
          </div>
        )}
      </div>
    );
  }

  const notFound = !valid || (isApiError(user.error) && user.error.code === 404);
  if (notFound) {
    return (
      <div className={styles.page}>
        {back}
        <section className={styles.state} aria-labelledby="admin-user-not-found">
          <h1 id="admin-user-not-found" className={styles.stateTitle}>
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
        {back}
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

  const data = user.data;
  return (
    <div className={styles.page}>
      {back}
      <section className={styles.summary} aria-label={t('single.summaryLabel')}>
        <span className={styles.avatar} style={avatarStyle(data.avatarColor)} aria-hidden="true">
          {data.avatarInitials}
        </span>
        <div className={styles.identity}>
          <h1 className={styles.heading}>{fullName(data) || data.email}</h1>
          <p className={styles.muted}>{data.email}</p>
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
          <EnabledBadge enabled={data.user.enabled} />
          {!data.emailVerified && <NotActivatedBadge />}
        </div>
      </section>
      {!canWrite && <p className={styles.note}>{t('single.readOnly')}</p>}
      <div className={styles.grid}>
        <EditAdminUserForm key={`${data.id}-${data.updatedAt}`} user={data} canWrite={canWrite} />
        {canWrite && <AdminUserActions user={data} />}
      </div>
    </div>
  );
}
