import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { advertiserPath } from '../advertisers/advertisers-api';
import styles from './agency-reporting.module.css';

/** The agency has no advertiser yet: the way to add one, for those who may. */
export function NoAdvertisers() {
  const { t } = useTranslation('agency-reporting');
  const canAdd = useCan('advertisers', 'write');
  return (
    <div className={styles.state}>
      <p className={styles.stateTitle}>{t('empty.noAdvertisers.title')}</p>
      <p className={styles.stateBody}>{t('empty.noAdvertisers.body')}</p>
      {canAdd && (
        <Link className={styles.action} to={advertiserPath('agency')}>
          {t('empty.noAdvertisers.action')}
        </Link>
      )}
    </div>
  );
}

/** Nothing was bid, won, shown, clicked or converted in the period (for the filters chosen). */
export function NothingDelivered({ busy }: { busy: boolean }) {
  const { t } = useTranslation('agency-reporting');
  return (
    <div className={styles.state} aria-busy={busy || undefined}>
      <p className={styles.stateTitle}>{t('empty.nothingDelivered.title')}</p>
      <p className={styles.stateBody}>{t('empty.nothingDelivered.body')}</p>
    </div>
  );
}
