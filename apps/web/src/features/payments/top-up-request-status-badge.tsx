import type { TopUpRequestStatus } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shell/badge/badge';

const tones: Record<TopUpRequestStatus, BadgeTone> = {
  pending: 'warning',
  accepted: 'success',
  rejected: 'alert',
};

export function TopUpRequestStatusBadge({ status }: { status: TopUpRequestStatus }) {
  const { t } = useTranslation('top-up-requests');
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
