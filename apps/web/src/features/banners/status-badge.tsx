import type { BannerStatus } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shell/badge/badge';

const tones: Record<BannerStatus, BadgeTone> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'alert',
  archived: 'muted',
};

/** Pending review, Approved, Rejected or Archived. */
export function BannerStatusBadge({ status }: { status: BannerStatus }) {
  const { t } = useTranslation('banners');
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
