import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCan } from '../../auth/can';
import { Button } from '../../shell/button/button';
import { usePageTitle } from '../../shell/page-title';
import { AdvertisersTabs } from '../banner-reviews';
import { type AdvertisersPanel, advertiserPath, organisationStyles as styles } from '../organisations';
import { AdvertisersList } from './advertisers-list';

/**
 * Advertisers: the admin's (/panel/admin/advertisers), with a second tab of the creatives waiting
 * for review; the agency's own (/panel/agency/advertisers). The list is `AdvertisersList`.
 */
export function AdvertisersPage({ panel }: { panel: AdvertisersPanel }) {
  const { t } = useTranslation('advertisers');
  usePageTitle(t('title'));
  const navigate = useNavigate();
  const canWrite = useCan('advertisers', 'write');
  const admin = panel === 'admin';
  const addButton = canWrite ? (
    <Button onClick={() => navigate(advertiserPath(panel))}>{t('add')}</Button>
  ) : undefined;
  const list = <AdvertisersList panel={panel} addButton={addButton} />;

  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.heading}>{t('title')}</h1>
          <p className={styles.lead}>{t(admin ? 'lead' : 'agencyLead')}</p>
        </div>
        {addButton}
      </header>
      {admin ? <AdvertisersTabs advertisers={list} /> : list}
    </div>
  );
}
