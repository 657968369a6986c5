import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCan } from '../../auth/can';
import { advertiserPath } from '../organisations';
import { ReportEmpty, reportsStyles as styles } from '../reports';

/** The agency has no advertiser yet: the way to add one, for those who may. */
export function NoAdvertisers() {
  const { t } = useTranslation('agency-reporting');
  const canAdd = useCan('advertisers', 'write');
  return (
    <ReportEmpty title={t('empty.noAdvertisers.title')} body={t('empty.noAdvertisers.body')}>
      {canAdd && (
        <Link className={styles.action} to={advertiserPath('agency')}>
          {t('empty.noAdvertisers.action')}
        </Link>
      )}
    </ReportEmpty>
  );
}

/** Nothing was bid, won, shown, clicked or converted in the period (for the filters chosen). */
export function NothingDelivered({ busy }: { busy: boolean }) {
  const { t } = useTranslation('agency-reporting');
  return (
    <ReportEmpty
      title={t('empty.nothingDelivered.title')}
      body={t('empty.nothingDelivered.body')}
      busy={busy}
    />
  );
}
