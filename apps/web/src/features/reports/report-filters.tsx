import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shell/button/button';
import { DateField } from '../../shell/form/date-field';
import { SelectField } from '../../shell/form/select-field';
import type { ReportSearchChange } from './report-params';
import { type Period, presetOf, presetPeriod, reportPresets } from './report-periods';
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
  const fromField = useRef<HTMLDivElement>(null);
  const { from = '', to = '' } = period;
  const active = from && to ? presetOf({ from, to }, today) : undefined;
  const custom = Boolean(from && to) && active === undefined;
  // A report always has a period: a field being cleared to type another day changes nothing yet.

  return (
    <>
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
        <Button
          size="small"
          variant={custom ? 'primary' : 'outline'}
          color={custom ? 'primary' : 'white'}
          aria-pressed={custom}
          onClick={() => fromField.current?.querySelector('input')?.focus()}
        >
          {t('filters.custom')}
        </Button>
      </fieldset>
      <div className={styles.fields}>
        <div ref={fromField} className={styles.field}>
          <DateField
            label={t('filters.from')}
            value={from}
            error={issue?.path === 'from' ? issue.text : undefined}
            onChange={(event) => event.target.value && onChange({ from: event.target.value, to })}
          />
        </div>
        <DateField
          className={styles.field}
          label={t('filters.to')}
          value={to}
          error={issue?.path === 'to' ? issue.text : undefined}
          onChange={(event) => event.target.value && onChange({ from, to: event.target.value })}
        />
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
      </div>
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
