import { useTranslation } from 'react-i18next';
import { SelectField } from '../../shell/form/select-field';
import type { ReportSearchChange } from './report-params';
import { ReportPeriod } from './report-period';
import type { Period } from './report-periods';
import styles from './reports.module.css';
import { useCampaignChoices } from './reports-api';

/**
 * The report's period (a preset, or custom days of the advertiser's time zone), its campaign
 * (where campaigns can be listed) and the comparison with the previous period. A period the API
 * would refuse is an error on the field it concerns (`issue`).
 */
export function ReportFilters({
  period,
  today,
  campaignId,
  compare,
  issue,
  campaignChoices,
  onChange,
}: {
  /** The period shown: the one asked for, else the one the API answered (its default). */
  period: Partial<Period>;
  /** Today in the advertiser's time zone. */
  today: string;
  campaignId: string;
  compare: boolean;
  /** What is wrong with the period, in the interface language, on its field. */
  issue: { path: 'from' | 'to'; text: string } | null;
  /** Whether the campaign filter is offered (the advertiser's campaigns can be listed). */
  campaignChoices: boolean;
  onChange: (changes: ReportSearchChange) => void;
}) {
  const { t } = useTranslation('reports');
  const campaigns = useCampaignChoices(campaignChoices);
  return (
    <>
      <ReportPeriod period={period} today={today} issue={issue} onChange={onChange}>
        {campaignChoices && (
          <SelectField
            className={styles.field}
            label={t('filters.campaign')}
            value={campaignId}
            onChange={(event) => onChange({ campaignId: event.target.value || undefined })}
            options={[
              { value: '', label: t('filters.allCampaigns') },
              ...(campaigns.data ?? []).map((campaign) => ({
                value: String(campaign.id),
                label: campaign.name,
              })),
            ]}
          />
        )}
      </ReportPeriod>
      <label className={styles.check}>
        <input
          type="checkbox"
          checked={compare}
          onChange={(event) => onChange({ compare: event.target.checked })}
        />
        {t('filters.compare')}
      </label>
    </>
  );
}
