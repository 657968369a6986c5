import type { CampaignListItemDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { Badge } from '../../shell/badge/badge';
import { failureText } from '../../shell/form/failure-text';
import { campaignPath, campaignsPath, ServingStatus, useCampaigns } from '../campaigns';
import styles from './performance.module.css';

/** The most active campaigns the home page looks through (an advertiser rarely runs more at once). */
const ACTIVE_LIMIT = 100;

/** An active campaign needs a look when it does not serve, or spends off its even pace. */
export const needsAttention = (campaign: Pick<CampaignListItemDto, 'servingStatus' | 'pacingToday'>) =>
  !campaign.servingStatus.serving || campaign.pacingToday === 'ahead' || campaign.pacingToday === 'behind';

/**
 * The active campaigns that do not serve (with why, and where to fix it) or spend too fast or too
 * slow today, each leading to its page.
 */
export function CampaignsNeedingAttention() {
  const { t } = useTranslation('performance');
  const canWrite = useCan('campaigns', 'write');
  const active = useCampaigns({ status: 'active', perPage: ACTIVE_LIMIT, sort: 'spend', order: 'desc' });
  const all = active.data?.elements ?? [];
  const flagged = all.filter(needsAttention);

  return (
    <section className={styles.card} aria-labelledby="attention-heading">
      <h2 id="attention-heading" className={styles.cardHeading}>
        {t('home.attention.heading')}
      </h2>
      {active.isPending && <p>{t('common:loading')}</p>}
      {active.isError && <p role="alert">{failureText(t, active.error)}</p>}
      {active.isSuccess && all.length === 0 && (
        <p className={styles.note}>
          {t('home.attention.none')}{' '}
          {canWrite && (
            <Link className={styles.nameLink} to={campaignPath()}>
              {t('home.attention.create')}
            </Link>
          )}
        </p>
      )}
      {all.length > 0 && flagged.length === 0 && <p className={styles.note}>{t('home.attention.empty')}</p>}
      {flagged.length > 0 && (
        <ul className={styles.list}>
          {flagged.map((campaign) => (
            <li key={campaign.id} className={styles.listItem}>
              <Link className={styles.nameLink} to={campaignPath(campaign.id)}>
                {campaign.name}
              </Link>
              {campaign.pacingToday && campaign.pacingToday !== 'on_track' && (
                <Badge tone="warning">{t(`pacing.states.${campaign.pacingToday}`)}</Badge>
              )}
              {!campaign.servingStatus.serving && (
                <ServingStatus
                  status={campaign.servingStatus}
                  links
                  campaignLink={campaignPath(campaign.id)}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {all.length > 0 && (
        <Link className={styles.nameLink} to={campaignsPath}>
          {t('home.attention.all')}
        </Link>
      )}
    </section>
  );
}
