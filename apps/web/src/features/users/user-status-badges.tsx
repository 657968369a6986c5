import { useTranslation } from 'react-i18next';
import { Badge, EnabledBadge } from '../../shell/badge/badge';
import styles from './users.module.css';
import type { UserEntry } from './users-api';

/** Enabled or disabled, and whether the user has not activated their account yet. */
export function UserStatusBadges({ user }: { user: Pick<UserEntry, 'user' | 'emailVerified'> }) {
  const { t } = useTranslation('users');
  return (
    <span className={styles.badges}>
      <EnabledBadge enabled={user.user.enabled} />
      {!user.emailVerified && <Badge tone="muted">{t('status.notActivated')}</Badge>}
    </span>
  );
}
