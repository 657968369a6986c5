import type { CommonStatus } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shell/badge/badge';

const tones: Record<CommonStatus, BadgeTone> = {
  Ok: 'success',
  Warning: 'warning',
  Error: 'alert',
  Processing: 'info',
};

/** A commonStatus (spec section 3) as a coloured label. */
export function StatusBadge({ status }: { status: CommonStatus }) {
  const { t } = useTranslation('rtb-views');
  return <Badge tone={tones[status]}>{t(`statuses.${status}`)}</Badge>;
}
