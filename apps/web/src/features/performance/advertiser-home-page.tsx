import { useTranslation } from 'react-i18next';
import { usePageTitle } from '../../shell/page-title';
import { IntegrationAreas } from '../rtb-views';
import { CampaignsNeedingAttention } from './campaigns-needing-attention';
import styles from './performance.module.css';
import { PeriodKpis } from './period-kpis';

/**
 * The advertiser panel's first page: today, yesterday and the week across every campaign; the
 * campaigns that need a look; and the integration areas' status.
 */
export function AdvertiserHomePage() {
  const { t } = useTranslation('performance');
  usePageTitle(t('home.title'));
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('home.title')}</h1>
          <p className={styles.lead}>{t('home.lead')}</p>
        </div>
      </header>
      <div className={styles.sections}>
        <PeriodKpis heading={t('home.kpis')} />
        <div className={styles.grid}>
          <CampaignsNeedingAttention />
          <IntegrationAreas heading={t('home.integrations.heading')} />
        </div>
      </div>
    </div>
  );
}
