import type { CampaignStatus } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shell/badge/badge';

const tones: Record<CampaignStatus, BadgeTone> = {
  draft: 'neutral',
  active: 'success',
  paused: 'warning',
  archived: 'muted',
};

/** The status the user sets: draft, active, paused or archived. */
export function CampaignStatusBadge({ status }: { status: CampaignStatus }) {
  const { t } = useTranslation('campaigns');
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
