import { useTranslation } from 'react-i18next';
import styles from './admin-users.module.css';

/** Enabled (success state) or Disabled (alert state), as the spec shows enabled flags. */
export function StatusBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('admin-users');
  return (
    <span className={`${styles.badge} ${enabled ? styles.badgeSuccess : styles.badgeAlert}`}>
      {t(enabled ? 'status.enabled' : 'status.disabled')}
    </span>
  );
}

export function NotActivatedBadge() {
  const { t } = useTranslation('admin-users');
  return <span className={`${styles.badge} ${styles.badgeMuted}`}>{t('status.notActivated')}</span>;
}
