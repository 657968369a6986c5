import { useTranslation } from 'react-i18next';
import styles from './configuration.module.css';

/** Enabled (success state) or Disabled (alert state), as the spec shows reference entries. */
export function EnabledBadge({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation('configuration');
  return (
    <span className={`${styles.badge} ${enabled ? styles.badgeSuccess : styles.badgeAlert}`}>
      {t(enabled ? 'status.enabled' : 'status.disabled')}
    </span>
  );
}
