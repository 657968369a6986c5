import type { DemoTrafficFailure } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { formatDateTime } from '../../lib/format';
import { Icon } from '../../shell/icons/icon';
import { useDemoTrafficStatus } from './demo-traffic-api';
import styles from './demo-traffic-banner.module.css';

/** Causes that come from where the URLs point, which PUBLIC_URL and PORT decide. */
const addressCauses: readonly DemoTrafficFailure['cause'][] = ['refused', 'unreachable'];

/**
 * Above every admin page while the demo traffic (`npm start`) fails to reach the bidder: which
 * calls fail, where to and why, and what it means; nothing while it is healthy or not running.
 */
export function DemoTrafficBanner() {
  const { t } = useTranslation('demo-traffic');
  const allowed = useCan('configuration', 'read');
  const { data } = useDemoTrafficStatus(allowed);
  if (!allowed || !data?.running || !data.failing) return null;
  const wrongAddress = data.failures.some((failure) => addressCauses.includes(failure.cause));
  return (
    <div className={styles.banner} role="alert">
      <Icon name="plug" size={20} />
      <div className={styles.text}>
        <p className={styles.title}>{t('title')}</p>
        <ul className={styles.failures}>
          {data.failures.map((failure) => (
            <li key={failure.what}>
              {t('failure', {
                what: t(`calls.${failure.what}`),
                url: failure.url,
                cause: t(`causes.${failure.cause}`, { status: failure.status, reason: failure.reason }),
                since: formatDateTime(failure.firstAt),
                count: failure.count,
              })}
            </li>
          ))}
        </ul>
        <p>
          {t('consequence')} {t(wrongAddress ? 'checkAddress' : 'checkLog')}
        </p>
      </div>
    </div>
  );
}
