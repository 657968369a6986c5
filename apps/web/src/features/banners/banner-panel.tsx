import type { DynamicTemplate } from '@rtb/shared';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { SidePanel } from '../../shell/side-panel/side-panel';
import { BannerDetails } from './banner-details';
import { BannerEditForm } from './banner-edit-form';
import { BannerStatusActions, ResubmitButton } from './banner-status-actions';
import { useBanner } from './banners-api';
import { DynamicTemplateForm } from './dynamic-template-form';
import { ReplaceFile } from './replace-file';

/**
 * One creative of the advertiser (`?banner=<id>`): the preview at real size (a dynamic banner's
 * in every size), its details, why it was rejected and how to resubmit, and, with
 * `banners:write`, its name and landing page, a dynamic banner's template (the previews follow
 * the edit), a new file (logo), and archive or restore.
 */
export function BannerPanel({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('banners');
  const query = useBanner(id);
  const banner = query.data;
  const canWrite = useCan('banners', 'write');
  // The template being edited, of this banner only.
  const [draft, setDraft] = useState<{ id: number; template: DynamicTemplate } | null>(null);
  const onDraft = useCallback((template: DynamicTemplate) => setDraft({ id, template }), [id]);
  return (
    <SidePanel onClose={onClose} size="xlarge" title={banner?.name ?? t('common:loading')}>
      <BannerDetails
        query={query}
        rejectionAction={canWrite && banner && <ResubmitButton banner={banner} />}
        draftTemplate={draft?.id === id ? draft.template : null}
      >
        {(banner) => {
          const editable = canWrite && banner.status !== 'archived';
          const key = `${banner.id}-${banner.updatedAt}`;
          return (
            <>
              {editable && <BannerEditForm key={key} banner={banner} />}
              {editable && banner.template && (
                <DynamicTemplateForm key={key} banner={banner} template={banner.template} onDraft={onDraft} />
              )}
              {editable && <ReplaceFile banner={banner} />}
              {canWrite && <BannerStatusActions banner={banner} />}
            </>
          );
        }}
      </BannerDetails>
    </SidePanel>
  );
}
