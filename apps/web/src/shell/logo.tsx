import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import styles from './logo.module.css';
import { tourIds } from './tour/tour-step';

/** The product mark; it links to `to` (the public home on account pages, the panel root inside). */
export function Logo({ to, size = 'medium' }: { to: string; size?: 'medium' | 'large' }) {
  const { t } = useTranslation();
  return (
    <Link
      to={to}
      className={`${styles.logo} ${styles[size]}`}
      aria-label={t('productName')}
      data-tour={tourIds.logo}
    >
      <svg viewBox="0 0 32 32" aria-hidden="true" className={styles.mark}>
        <rect width="32" height="32" rx="7" fill="currentColor" />
        <path
          d="M9 22V10h6.5a4 4 0 0 1 0 8H9m6.5 0L22 22"
          fill="none"
          stroke="#fff"
          strokeWidth="2.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
      <span className={styles.name}>{t('productName')}</span>
    </Link>
  );
}
