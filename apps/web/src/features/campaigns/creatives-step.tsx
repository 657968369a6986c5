import type { CampaignDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { BannerPicker } from './banner-picker';
import type { CampaignFields } from './campaign-fields';
import { FormSection as Section } from './form-section';

/** Step 3, creatives: the banners the campaign shows. */
export function CreativesStep({
  fields,
  campaign,
}: {
  fields: CampaignFields;
  campaign: CampaignDto | null;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <Section id="campaign-banners" title={t('form.banners')} lead={t('form.bannersLead')}>
      <BannerPicker attached={campaign?.banners ?? []} {...fields.controlled('bannerIds')} />
    </Section>
  );
}
