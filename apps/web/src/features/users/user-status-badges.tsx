import type { OrganisationUserEntry } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge, EnabledBadge } from '../../shell/badge/badge';
import styles from './users.module.css';

/** Enabled or disabled, and whether the user has not activated their account yet. */
export function UserStatusBadges({ user }: { user: Pick<OrganisationUserEntry, 'user' | 'emailVerified'> }) {
  const { t } = useTranslation('users');
  return (
    <span className={styles.badges}>
      <EnabledBadge enabled={user.user.enabled} />
      {!user.emailVerified && <Badge tone="muted">{t('status.notActivated')}</Badge>}
    </span>
  );
}
