import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { usePageTitle } from '../../shell/page-title';
import { campaignPath, campaignsPath } from '../campaigns';
import { ReportView } from './report-view';
import styles from './reports.module.css';
import { advertiserReports } from './reports-api';

/**
 * /panel/advertiser/reports: the advertiser's delivery over a period (the last 7 days unless
 * chosen), split by time and a dimension, compared with the previous period, charted, sorted,
 * paged and exported; everything in the address.
 */
export function ReportsPage() {
  const { t } = useTranslation('reports');
  usePageTitle(t('title'));
  const canReadCampaigns = useCan('campaigns', 'read');
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
      </header>
      <ReportView
        source={advertiserReports}
        campaignChoices={canReadCampaigns}
        campaignLink={canReadCampaigns ? (id) => campaignPath(id) : undefined}
        emptyAction={
          <Link className={styles.action} to={campaignsPath}>
            {t('empty.action')}
          </Link>
        }
      />
    </div>
  );
}
