import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shell/form/select-field';
import type { Period } from '../reports';
import { reportsStyles as styles } from '../reports';
import { useCampaignChoices } from './agency-reporting-api';

/**
 * One campaign of the chosen advertiser, or all of them: the campaigns that bid or delivered
 * in the period (what the agency's report knows of them).
 */
export function CampaignFilter({
  period,
  advertiserId,
  campaignId,
  enabled,
  onChange,
}: {
  period: Partial<Period>;
  advertiserId: string;
  campaignId: string | undefined;
  /** False while the API would refuse the period. */
  enabled: boolean;
  onChange: (campaignId: string) => void;
}) {
  const { t } = useTranslation('agency-reporting');
  const campaigns = useCampaignChoices(period, advertiserId, enabled);
  const found = (campaigns.data ?? []).map((campaign) => ({
    value: String(campaign.id),
    label: campaign.name,
  }));
  const options =
    campaignId && !found.some((option) => option.value === campaignId)
      ? [{ value: campaignId, label: t('filters.campaignNumber', { id: campaignId }) }, ...found]
      : found;
  return (
    <SelectField
      className={styles.field}
      label={t('reports:filters.campaign')}
      hint={t('filters.campaignHint')}
      placeholder={t('reports:filters.allCampaigns')}
      value={campaignId ?? ''}
      onChange={(event) => onChange(event.target.value)}
      options={options}
    />
  );
}
