import { useTranslation } from 'react-i18next';
import { Icon } from '../icons/icon';
import styles from './connectivity-bar.module.css';
import { useConnectivity } from './use-connectivity';

/** 'Internet connection lost' while offline; 'Internet connection restored' for 5 s after. */
export function ConnectivityBar() {
  const { t } = useTranslation('shell');
  const status = useConnectivity();
  return (
    <div className={styles.region} role="status" aria-live="polite">
      {status !== 'online' && (
        <div className={styles.bar} data-status={status}>
          <Icon name={status === 'lost' ? 'wifiOff' : 'wifi'} size={18} />
          <span>{t(status === 'lost' ? 'connectivity.lost' : 'connectivity.restored')}</span>
        </div>
      )}
    </div>
  );
}
