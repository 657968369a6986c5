import { useTranslation } from 'react-i18next';
import { Badge } from '../../shell/badge/badge';

/** Whether the organisation accepted the current regulations. */
export function RegulationsBadge({ accepted }: { accepted: boolean }) {
  const { t } = useTranslation('organisations');
  return (
    <Badge tone={accepted ? 'success' : 'muted'}>
      {t(accepted ? 'regulations.accepted' : 'regulations.notAccepted')}
    </Badge>
  );
}
