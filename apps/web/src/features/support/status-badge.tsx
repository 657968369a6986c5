import type { FormContactStatus } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../shell/badge/badge';

const tones: Record<FormContactStatus, BadgeTone> = {
  new: 'alert',
  in_progress: 'neutral',
  resolved: 'success',
};

/** New, In progress or Resolved. */
export function StatusBadge({ status }: { status: FormContactStatus }) {
  const { t } = useTranslation('support');
  return <Badge tone={tones[status]}>{t(`status.${status}`)}</Badge>;
}
