import { type CampaignDto, type CampaignStatus, campaignStatusTransitions } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import styles from './campaigns.module.css';
import { useCampaignStatus } from './campaigns-api';

/** The words of a move: Activate a draft, Pause, Resume a paused one, Archive, Restore. */
const actionOf = (from: CampaignStatus, to: CampaignStatus) =>
  to === 'active'
    ? from === 'draft'
      ? 'activate'
      : 'resume'
    : to === 'paused'
      ? from === 'archived'
        ? 'restore'
        : 'pause'
      : 'archive';

/** The status moves the campaign allows (`campaignStatusTransitions`); archiving asks first. */
export function CampaignStatusActions({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation('campaigns');
  const change = useCampaignStatus(campaign.id);
  const run = (to: CampaignStatus) =>
    change.mutate(to, {
      onSuccess: () => notify.success(t(`actions.done.${actionOf(campaign.status, to)}`)),
      onError: (error) => notify.error(failureText(t, error)),
    });
  return (
    <div className={styles.actions}>
      {campaignStatusTransitions[campaign.status].map((to) => {
        const action = actionOf(campaign.status, to);
        return (
          <Button
            key={to}
            size="small"
            variant={to === 'active' ? 'primary' : 'outline'}
            color={to === 'active' ? 'primary' : to === 'archived' ? 'danger' : 'white'}
            loading={change.isPending && change.variables === to}
            disabled={change.isPending}
            confirm={to === 'archived' ? t('actions.archiveConfirm') : undefined}
            onClick={() => run(to)}
          >
            {t(`actions.${action}`)}
          </Button>
        );
      })}
    </div>
  );
}
