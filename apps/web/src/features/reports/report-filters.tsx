import { reportRangeIssue } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCan } from '../../auth/can';
import { Button } from '../../shell/button/button';
import { DateField } from '../../shell/form/date-field';
import { SelectField } from '../../shell/form/select-field';
import { type Period, presetOf, presetPeriod, reportPresets } from './report-periods';
import styles from './reports.module.css';
import { type ReportParams, reportMessagesOf, useCampaignChoices } from './reports-api';

/**
 * The report's period (a preset, or from and to days of the advertiser's time zone) and its
 * campaign. A period the API would refuse is an error on its field.
 */
export function ReportFilters({
  period,
  today,
  campaignId,
  onChange,
}: {
  /** The period shown: the one asked for, else the one the API answered (its default). */
  period: Partial<Period>;
  /** Today in the advertiser's time zone. */
  today: string;
  campaignId: string;
  onChange: (changes: ReportParams) => void;
}) {
  const { t } = useTranslation('reports');
  const canReadCampaigns = useCan('campaigns', 'read');
  const campaigns = useCampaignChoices(canReadCampaigns);
  const { from = '', to = '' } = period;
  const issue = from && to ? reportRangeIssue(from, to) : null;
  const issueText = issue ? reportMessagesOf.localise(t, issue.message) : undefined;
  const active = from && to ? presetOf({ from, to }, today) : undefined;
  // A report always has a period: a field being cleared to type another day changes nothing yet.

  return (
    <section className={styles.filters} aria-label={t('filters.label')}>
      <fieldset className={styles.presets}>
        <legend className="visually-hidden">{t('filters.period')}</legend>
        {reportPresets.map((preset) => (
          <Button
            key={preset}
            size="small"
            variant={active === preset ? 'primary' : 'outline'}
            color={active === preset ? 'primary' : 'white'}
            aria-pressed={active === preset}
            onClick={() => onChange(presetPeriod(preset, today))}
          >
            {t(`presets.${preset}`)}
          </Button>
        ))}
      </fieldset>
      <div className={styles.fields}>
        <DateField
          className={styles.field}
          label={t('filters.from')}
          value={from}
          error={issue?.path === 'from' ? issueText : undefined}
          onChange={(event) => event.target.value && onChange({ from: event.target.value, to })}
        />
        <DateField
          className={styles.field}
          label={t('filters.to')}
          value={to}
          error={issue?.path === 'to' ? issueText : undefined}
          onChange={(event) => event.target.value && onChange({ from, to: event.target.value })}
        />
        {canReadCampaigns && (
          <SelectField
            className={styles.field}
            label={t('filters.campaign')}
            value={campaignId}
            onChange={(event) => onChange({ campaignId: event.target.value })}
            options={[
              { value: '', label: t('filters.allCampaigns') },
              ...(campaigns.data ?? []).map((campaign) => ({
                value: String(campaign.id),
                label: campaign.name,
              })),
            ]}
          />
        )}
      </div>
    </section>
  );
}
