import {
  type CampaignSettingsDto,
  deviceTypes,
  FREQUENCY_CAP_MAX,
  frequencyCapPeriods,
  iabCategories,
  operatingSystems,
} from '@rtb/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCountry } from '../../lib/format';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { AudiencePicker } from './audience-picker';
import type { CampaignFields } from './campaign-fields';
import styles from './campaigns.module.css';
import { ChoiceList } from './choice-list';
import { DomainListField } from './domain-list-field';
import { FormSection as Section } from './form-section';

/** The platform's countries as choices, named in `language` and in its order. */
export function countryChoices(countries: CampaignSettingsDto['countries'], language: string) {
  return countries
    .map((country) => {
      const label = formatCountry(country, language) ?? country.name;
      return { value: country.code, label, text: label };
    })
    .sort((a, b) => a.text.localeCompare(b.text, language));
}

/**
 * Step 2, audience and targeting: who the campaign bids on (audiences in and out), where
 * (countries, devices, systems, sites and apps, content categories to avoid) and how often one
 * person sees it (the frequency cap).
 */
export function TargetingStep({
  fields: { form, values, field, controlled },
  settings,
}: {
  fields: CampaignFields;
  settings: CampaignSettingsDto;
}) {
  const { t, i18n } = useTranslation('campaigns');
  const countries = useMemo(
    () => countryChoices(settings.countries, i18n.language),
    [settings.countries, i18n.language],
  );
  const errors = form.formState.errors;
  const frequencyError = errors.frequencyCap?.count?.message
    ? t('form.frequencyCapInvalid', { max: FREQUENCY_CAP_MAX })
    : errors.frequencyCap?.message;
  return (
    <>
      <Section id="campaign-audiences" title={t('form.audiences')} lead={t('form.audiencesLead')}>
        <AudiencePicker
          include={controlled('audienceIncludeIds')}
          exclude={controlled('audienceExcludeIds')}
        />
      </Section>

      <Section id="campaign-targeting" title={t('form.targeting')} lead={t('form.targetingLead')}>
        <ChoiceList
          legend={t('form.countries')}
          hint={t('form.countriesHint')}
          searchLabel={t('form.countriesSearch')}
          scroll
          name="countries"
          choices={countries}
          {...controlled('countries')}
        />
        <ChoiceList
          legend={t('form.deviceTypes')}
          hint={t('form.deviceTypesHint')}
          name="deviceTypes"
          choices={deviceTypes.map((value) => ({ value, label: t(`device.${value}`) }))}
          {...controlled('deviceTypes')}
        />
        <ChoiceList
          legend={t('form.operatingSystems')}
          hint={t('form.operatingSystemsHint')}
          name="operatingSystems"
          choices={operatingSystems.map((value) => ({ value, label: t(`os.${value}`) }))}
          {...controlled('operatingSystems')}
        />
        <DomainListField
          label={t('form.includeDomains')}
          text={values.includeDomains}
          {...field('includeDomains')}
        />
        <DomainListField
          label={t('form.excludeDomains')}
          text={values.excludeDomains}
          {...field('excludeDomains')}
        />
        <ChoiceList
          legend={t('form.excludedCategories')}
          hint={t('form.excludedCategoriesHint')}
          scroll
          name="excludedCategories"
          choices={iabCategories.map((value) => ({
            value,
            text: t(`iab.${value}`),
            label: `${t(`iab.${value}`)} (${value})`,
          }))}
          {...controlled('excludedCategories')}
        />
      </Section>

      <Section id="campaign-frequency" title={t('form.frequencyCap')} lead={t('form.frequencyCapLead')}>
        <div className={styles.inline}>
          <SelectField
            label={t('form.frequencyPeriod')}
            options={[
              { value: 'off', label: t('period.off') },
              ...frequencyCapPeriods.map((period) => ({ value: period, label: t(`period.${period}`) })),
            ]}
            {...form.register('frequencyCap.period', { onChange: () => form.clearErrors('frequencyCap') })}
          />
          {values.frequencyCap.period !== 'off' && (
            <TextField
              label={t('form.frequencyCount')}
              inputMode="numeric"
              autoComplete="off"
              error={frequencyError}
              {...form.register('frequencyCap.count', { onChange: () => form.clearErrors('frequencyCap') })}
            />
          )}
        </div>
      </Section>
    </>
  );
}
