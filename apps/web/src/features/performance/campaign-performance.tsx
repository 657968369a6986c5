import type { CampaignDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { CampaignHistory } from '../activity-logs';
import { CampaignCreatives } from './campaign-creatives';
import { CampaignLift } from './campaign-lift';
import { CampaignTrend } from './campaign-trend';
import { GoalCard } from './goal-card';
import { PacingChart } from './pacing-chart';
import styles from './performance.module.css';
import { PeriodKpis } from './period-kpis';

/**
 * A campaign's performance tab: today, yesterday and the week; today's pacing against the budget;
 * an outcome goal's figures; the last 30 days; what its lift test says it caused; how each creative did; and who changed what.
 */
export function CampaignPerformance({ campaign }: { campaign: CampaignDto }) {
  const { t } = useTranslation('performance');
  return (
    <div className={styles.sections}>
      <div className={styles.grid}>
        <PeriodKpis campaignId={campaign.id} heading={t('campaign.kpis')} />
        <PacingChart campaign={campaign} />
      </div>
      <GoalCard campaign={campaign} />
      <CampaignTrend campaignId={campaign.id} />
      <CampaignLift campaign={campaign} />
      <CampaignCreatives campaignId={campaign.id} />
      <div className={styles.card}>
        <CampaignHistory campaignId={campaign.id} />
      </div>
    </div>
  );
}
