import type { AccountKind, MeDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { can } from '../../auth/can';
import { useProfile } from '../../auth/profile-context';
import { Loading } from '../../shell/loading';
import { usePageTitle } from '../../shell/page-title';
import { avatarStyle } from '../../shell/profile-info';
import { AlertDigestCard } from './alert-digest-card';
import { ChangePasswordForm } from './change-password-form';
import { DetailsForm } from './details-form';
import styles from './me-page.module.css';
import { profileOf } from './profile-of';
import { ReportEmailsCard } from './report-emails-card';

/**
 * User Settings: the user's own names, phone and language, and their password; an advertiser
 * user who may read reports also switches the weekly report e-mail here, and agency and advertiser
 * users the daily alert digest. Service users have none (spec section 6; the API refuses their
 * changes too).
 */
export function MePage({ kind }: { kind: AccountKind }) {
  const { t } = useTranslation('me');
  usePageTitle(t('title'));
  const { profile } = useProfile();
  if (!profile) return <Loading />;
  if ((profile.agencyUser ?? profile.advertiserUser)?.type === 'service')
    return (
      <div className={styles.page}>
        <section aria-labelledby="me-service-user">
          <h1 id="me-service-user" className={styles.heading}>
            {t('serviceUser.title')}
          </h1>
          <p className={styles.lead}>{t('serviceUser.body')}</p>
        </section>
      </div>
    );
  return (
    <div className={styles.page}>
      <header>
        <h1 className={styles.heading}>{t('heading')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </header>
      <ProfileSummary me={profile} kind={kind} />
      <div className={styles.grid}>
        <DetailsForm kind={kind} me={profile} />
        <ChangePasswordForm kind={kind} />
        {kind === 'advertiser' && can(profile, 'reports', 'read') && <ReportEmailsCard />}
        {kind === 'agency' && can(profile, 'advertisers', 'read') && <AlertDigestCard kind="agency" />}
        {kind === 'advertiser' && can(profile, 'campaigns', 'read') && <AlertDigestCard kind="advertiser" />}
      </div>
    </div>
  );
}

function ProfileSummary({ me, kind }: { me: MeDto; kind: AccountKind }) {
  const { t } = useTranslation('me');
  const user = profileOf(me, kind);
  const name = user ? `${user.firstName} ${user.lastName}`.trim() : me.nameDisplay;
  const organisation = me.agencyUser?.agency.name ?? me.advertiserUser?.advertiser.name ?? null;
  const role = me.adminUser ? 'admin' : me.agencyUser ? 'agency' : 'advertiser';
  return (
    <section className={styles.summary} aria-label={t('summaryLabel')}>
      <span
        className={styles.avatar}
        style={user ? avatarStyle(user.avatarColor) : { background: 'var(--color-primary)' }}
        aria-hidden="true"
      >
        {user?.avatarInitials || name.slice(0, 1).toUpperCase()}
      </span>
      <div className={styles.identity}>
        <p className={styles.name}>{name || me.login}</p>
        <p className={styles.login}>{me.login}</p>
      </div>
      <div className={styles.badges}>
        {organisation && <span className={styles.organisation}>{organisation}</span>}
        <span className={styles.role}>{t(`roles.${role}`)}</span>
      </div>
    </section>
  );
}
