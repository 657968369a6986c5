import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { type CampaignStep, campaignSteps } from './campaign-steps';
import styles from './campaigns.module.css';

/**
 * The buttons under a step. A new campaign is walked: Next (the form's submit button, so Enter
 * in a field moves on too) checks the step, and only the review creates it. A saved campaign may
 * be saved from any step; Back and Next just move. Without the right to change it, only the moves.
 */
export function StepActions({
  step,
  walked,
  canWrite,
  isNew,
  saving,
  onBack,
  onNext,
}: {
  step: CampaignStep;
  walked: boolean;
  canWrite: boolean;
  isNew: boolean;
  saving: boolean;
  onBack: () => void;
  onNext: () => void;
}) {
  const { t } = useTranslation('campaigns');
  const position = campaignSteps.indexOf(step);
  const last = position === campaignSteps.length - 1;
  return (
    <div className={styles.stepActions}>
      {position > 0 && (
        <Button variant="outline" color="white" onClick={onBack}>
          {t('steps.back')}
        </Button>
      )}
      {!last &&
        (walked ? (
          <Button type="submit">{t('steps.next')}</Button>
        ) : (
          <Button variant="outline" color="white" onClick={onNext}>
            {t('steps.next')}
          </Button>
        ))}
      {canWrite && (!walked || last) && (
        <Button type="submit" loading={saving}>
          {t(isNew ? 'form.create' : 'form.save')}
        </Button>
      )}
    </div>
  );
}
