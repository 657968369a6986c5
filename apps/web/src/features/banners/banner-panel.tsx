import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { BannerEditForm } from './banner-edit-form';
import { BannerFacts } from './banner-facts';
import { BannerPreview } from './banner-preview';
import { BannerStatusActions, ResubmitButton } from './banner-status-actions';
import styles from './banners.module.css';
import { bannerMessagesOf, useBanner } from './banners-api';
import { RejectionNotice } from './rejection-notice';
import { ReplaceFile } from './replace-file';
import { BannerStatusBadge } from './status-badge';

/**
 * One creative of the advertiser (`?banner=<id>`): the preview at real size, its details, why it
 * was rejected and how to resubmit, and, with `banners:write`, its name and landing page, a new
 * file, and archive or restore.
 */
export function BannerPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('banners');
  const query = useBanner(id);
  const banner = query.data;
  const canWrite = useCan('banners', 'write');
  const editable = canWrite && banner && banner.status !== 'archived';
  return (
    <SidePanel onClose={onClose} size="xlarge" title={banner?.name ?? t('common:loading')}>
      {query.isError ? (
        <p className={styles.muted} role="alert">
          {bannerMessagesOf.failureText(t, query.error)}
        </p>
      ) : banner ? (
        <>
          <div className={styles.panelStatus}>
            <BannerStatusBadge status={banner.status} />
          </div>
          <RejectionNotice banner={banner} action={canWrite && <ResubmitButton banner={banner} />} />
          <BannerPreview banner={banner} />
          <BannerFacts banner={banner} />
          {editable && <BannerEditForm key={`${banner.id}-${banner.updatedAt}`} banner={banner} />}
          {editable && <ReplaceFile banner={banner} />}
          {canWrite && <BannerStatusActions banner={banner} />}
        </>
      ) : (
        <p className={styles.muted}>{t('common:loading')}</p>
      )}
    </SidePanel>
  );
}
