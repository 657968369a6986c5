import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useCan } from '../../auth/can';
import { PanelNotFoundPage } from '../../shell/not-found-page';
import { usePageTitle } from '../../shell/page-title';
import { useAdvertiser } from '../organisations';
import { ReportView } from './report-view';
import styles from './reports.module.css';
import { agencyAdvertiserReports } from './reports-api';

/** The agency's reporting overview, where the drill-down goes back to. */
export const agencyReportingPath = '/panel/agency/reporting';
/** One advertiser's report in the agency's panel. */
export const agencyAdvertiserReportPath = (advertiserId: number) =>
  `${agencyReportingPath}/advertisers/${advertiserId}`;

/**
 * /panel/agency/reporting/advertisers/:advertiserId: the drill-down from the agency's reporting
 * to one of its advertisers: the advertiser's own report (read through the agency's API), under
 * the advertiser's name when the agency may read advertisers.
 */
export function AgencyAdvertiserReportPage() {
  const { t } = useTranslation('reports');
  const { advertiserId } = useParams();
  const id = /^[1-9]\d*$/.test(advertiserId ?? '') ? Number(advertiserId) : null;
  const canReadAdvertisers = useCan('advertisers', 'read');
  const advertiser = useAdvertiser('agency', canReadAdvertisers ? id : null);
  const name = advertiser.data?.name;
  const title = name ? t('agency.title', { name }) : t('agency.fallbackTitle');
  usePageTitle(title);
  if (id === null) return <PanelNotFoundPage home="/panel/agency" />;
  return (
    <div className={styles.page}>
      <Link className={styles.back} to={agencyReportingPath}>
        {t('agency.back')}
      </Link>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{title}</h1>
          <p className={styles.lead}>{t('agency.lead')}</p>
        </div>
      </header>
      <ReportView source={agencyAdvertiserReports(id)} />
    </div>
  );
}
