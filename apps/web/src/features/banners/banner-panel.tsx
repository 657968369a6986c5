import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { BannerDetails } from './banner-details';
import { BannerEditForm } from './banner-edit-form';
import { BannerStatusActions, ResubmitButton } from './banner-status-actions';
import { useBanner } from './banners-api';
import { ReplaceFile } from './replace-file';

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
  return (
    <SidePanel onClose={onClose} size="xlarge" title={banner?.name ?? t('common:loading')}>
      <BannerDetails query={query} rejectionAction={canWrite && banner && <ResubmitButton banner={banner} />}>
        {(banner) => {
          const editable = canWrite && banner.status !== 'archived';
          return (
            <>
              {editable && <BannerEditForm key={`${banner.id}-${banner.updatedAt}`} banner={banner} />}
              {editable && <ReplaceFile banner={banner} />}
              {canWrite && <BannerStatusActions banner={banner} />}
            </>
          );
        }}
      </BannerDetails>
    </SidePanel>
  );
}
