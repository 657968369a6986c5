import type { CampaignSettingsDto } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../shell/form/date-field';
import { TextField } from '../../shell/form/text-field';
import type { CampaignFields } from './campaign-fields';
import styles from './campaigns.module.css';
import { FormSection as Section } from './form-section';
import { HoursOfWeekField } from './hours-of-week-field';

/**
 * Step 4, schedule: the first and last day and the hours of the week it serves (in the
 * advertiser's time zone), the windows in which a conversion counts for it, and the share of its
 * audience a lift test holds out.
 */
export function ScheduleStep({
  fields: { field, controlled, dateField },
  settings,
}: {
  fields: CampaignFields;
  settings: CampaignSettingsDto;
}) {
  const { t } = useTranslation('campaigns');
  return (
    <>
      <Section
        id="campaign-dates"
        title={t('form.datesAndHours')}
        lead={t('form.scheduleLead', { timeZone: settings.timeZone })}
      >
        <div className={styles.row}>
          <DateField label={t('form.startDate')} {...dateField('startDate')} />
          <DateField label={t('form.endDate')} hint={t('form.endDateHint')} {...dateField('endDate')} />
        </div>
        <HoursOfWeekField timeZone={settings.timeZone} {...controlled('hoursOfWeek')} />
      </Section>

      <Section id="campaign-attribution" title={t('form.attribution')} lead={t('form.attributionLead')}>
        <div className={styles.row}>
          <TextField
            label={t('form.clickWindow')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('form.clickWindowHint')}
            {...field('clickWindowDays')}
          />
          <TextField
            label={t('form.viewWindow')}
            inputMode="numeric"
            autoComplete="off"
            hint={t('form.viewWindowHint')}
            {...field('viewWindowDays')}
          />
        </div>
      </Section>

      <Section id="campaign-lift" title={t('form.lift')} lead={t('form.liftLead')}>
        <div className={styles.row}>
          <TextField
            label={t('form.holdout')}
            inputMode="decimal"
            autoComplete="off"
            hint={t('form.holdoutHint')}
            {...field('holdoutBps')}
          />
        </div>
      </Section>
    </>
  );
}
