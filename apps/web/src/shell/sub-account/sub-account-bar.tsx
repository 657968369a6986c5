import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../auth/profile-context';
import { Icon } from '../icons/icon';
import { useIsTabletL } from '../use-media-query';
import styles from './sub-account-bar.module.css';
import {
  hasAdminSession,
  hasAgencySession,
  returnToAdminAccount,
  returnToAgencyAccount,
} from './swap-session';

/**
 * For a user logged into a sub-account (profile.hasSourceUser): the ways back (spec section 2).
 * An agency that opened one of its advertisers goes back to the agency account; an admin to the
 * admin account; an admin who opened an agency, then one of its advertisers, may take either.
 */
export function SubAccountBar() {
  const { t } = useTranslation('shell');
  const { profile } = useProfile();
  const compact = useIsTabletL();
  // The way back ends the sub-account's session on the server first: one click is enough.
  const [leaving, setLeaving] = useState(false);
  if (!profile?.hasSourceUser) return null;
  const leave = (swap: () => Promise<void>) => () => {
    setLeaving(true);
    void swap();
  };
  const agency = hasAgencySession();
  const adminLabel = t('subAccount.returnToAdmin');
  const agencyLabel = t('subAccount.backToAgency');
  return (
    <section className={styles.bar} aria-label={t('subAccount.label')}>
      <p className={styles.text}>
        <Icon name="user" size={18} />
        <span>{t('subAccount.text')}</span>
      </p>
      <div className={styles.actions}>
        {agency && (
          <button
            type="button"
            className={styles.button}
            onClick={leave(returnToAgencyAccount)}
            disabled={leaving}
            aria-label={compact ? agencyLabel : undefined}
          >
            <Icon name="arrowLeft" size={16} />
            {compact ? t('subAccount.agencyShort') : agencyLabel}
          </button>
        )}
        {hasAdminSession() && (
          <button
            type="button"
            className={styles.button}
            onClick={leave(() => returnToAdminAccount(profile.role))}
            disabled={leaving}
            aria-label={compact ? adminLabel : undefined}
          >
            <Icon name="arrowLeft" size={16} />
            {compact ? t('subAccount.adminShort') : adminLabel}
          </button>
        )}
      </div>
    </section>
  );
}
