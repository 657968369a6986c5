import type { CampaignDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCurrencyOf } from '../../account/reference-data';
import { campaignMoney } from './campaign-money';
import styles from './campaigns.module.css';
import { goalTargetText } from './goal-text';

/**
 * The campaign's bid strategy on its page: the strategy with its value (the maximum CPM, or the
 * target), and under an outcome goal its ceiling, or that it has none.
 */
export function GoalSummary({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation('campaigns');
  const currency = useCurrencyOf()(campaign.currency);
  const target = goalTargetText(campaign.goal, currency);
  const maxCpm = campaign.maxCpm === null ? null : campaignMoney(campaign.maxCpm, currency);
  return (
    <div>
      <p className={styles.legend}>{t('single.goal')}</p>
      <p className={styles.goalValue}>
        {t(`goal.${campaign.goal.kind}`)} {target ?? maxCpm}
      </p>
      {target !== null && (
        <p className={styles.goalName}>
          {maxCpm === null ? t('review.noCeiling') : t('single.ceiling', { amount: maxCpm })}
        </p>
      )}
    </div>
  );
}
