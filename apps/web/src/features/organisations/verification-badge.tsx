import type { StatusVerification } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shell/badge/badge';

const tones: Record<StatusVerification, BadgeTone> = {
  unverified: 'muted',
  pending: 'neutral',
  verified: 'success',
  rejected: 'alert',
};

/** An agency's or advertiser's verification status. */
export function VerificationBadge({ status }: { status: StatusVerification }) {
  const { t } = useTranslation('organisations');
  return <Badge tone={tones[status]}>{t(`verification.status.${status}`)}</Badge>;
}
