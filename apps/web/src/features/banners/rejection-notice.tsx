import type { BannerDto } from '@rtb/shared';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './banners.module.css';

/** Why a creative was rejected (the reason from the list and the reviewer's note) and what to do. */
export function RejectionNotice({ banner, action }: { banner: BannerDto; action?: ReactNode }) {
  const { t } = useTranslation('banners');
  if (banner.status !== 'rejected') return null;
  return (
    <section className={styles.rejection} aria-labelledby="banner-rejection-heading">
      <h3 id="banner-rejection-heading" className={styles.rejectionHeading}>
        {t('rejection.heading')}
      </h3>
      {banner.rejectionReason && (
        <p className={styles.rejectionReason}>{t(`reason.${banner.rejectionReason}`)}</p>
      )}
      {banner.rejectionNote && <p className={styles.rejectionNote}>{banner.rejectionNote}</p>}
      <p className={styles.muted}>{t('rejection.hint')}</p>
      {action}
    </section>
  );
}
