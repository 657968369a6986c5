import { useTranslation } from 'react-i18next';
import { Badge } from '../../shell/badge/badge';

/** An invited user who has not followed the activation link yet. */
export function NotActivatedBadge() {
  const { t } = useTranslation('admin-users');
  return <Badge tone="muted">{t('status.notActivated')}</Badge>;
}
