import {
  type CampaignDto,
  type CampaignSettingsDto,
  campaignPacings,
  derivedDailyBudget,
  deviceTypes,
  FREQUENCY_CAP_MAX,
  frequencyCapPeriods,
  iabCategories,
  operatingSystems,
} from '@rtb/shared';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrencyOf } from '../../account/reference-data';
import type { ApiError } from '../../lib/api-client';
import { currencySymbol, formatCountry, formatDay, formatPercent } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { DateField } from '../../shell/form/date-field';
import { failureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { AudiencePicker } from './audience-picker';
import { BannerPicker } from './banner-picker';
import {
  type CampaignFormValues,
  campaignFormSchema,
  formValuesOf,
  todayIn,
  typedMinor,
} from './campaign-form-schema';
import { campaignMoney } from './campaign-money';
import { useCampaignPrefill } from './campaign-prefill';
import styles from './campaigns.module.css';
import { campaignPath, useSaveCampaign } from './campaigns-api';
import { ChoiceList } from './choice-list';
import { DomainListField } from './domain-list-field';
import { ForecastPanel } from './forecast-panel';
import { FormSection as Section } from './form-section';
import { HoursOfWeekField } from './hours-of-week-field';

const MICROS_PER_MINOR = 10_000;

/**
 * The campaign form (new or saved): basics, schedule with the hours of the week, budgets and bid,
 * frequency cap, attribution windows, targeting, audiences and banners; the shared `campaignBody` checks it
 * as the API will, and the API's field errors land on the fields. Amounts are typed in currency units and sent in
 * minor units. Read only without `campaigns:write`, and for an archived campaign.
 */
export function CampaignForm({
  settings,
  campaign,
  readOnly,
}: {
  settings: CampaignSettingsDto;
  campaign: CampaignDto | null;
  /** Why the form cannot be changed (the role, an archived campaign); absent when it can. */
  readOnly?: string;
}) {
  const canWrite = readOnly === undefined;
  const { t, i18n } = useTranslation('campaigns');
  const navigate = useNavigate();
  const today = todayIn(settings.timeZone);
  const schema = useMemo(() => campaignFormSchema(settings), [settings]);
  // A new campaign may come filled in from the address (`campaignPrefillPath`: the retargeting set-up).
  const prefill = useCampaignPrefill(campaign === null);
  const form = useApiForm(schema, { ...formValuesOf(campaign, today), ...prefill });
  const save = useSaveCampaign(campaign?.id ?? null);
  const values = form.watch();
  const errors = form.formState.errors;
  const currency = useCurrencyOf()(settings.currency);
  const money = (minor: number) => campaignMoney(minor, currency);
  const field = form.field;
  /** A field the form sets itself (lists, grids, dates): its value, setter and error. */
  const controlled = <K extends keyof CampaignFormValues>(name: K) => ({
    value: values[name],
    onChange: (value: CampaignFormValues[K]) => {
      form.clearErrors(name);
      form.setValue(name, value as never, { shouldDirty: true });
    },
    error: errors[name]?.message as string | undefined,
  });
  const dateField = (name: 'startDate' | 'endDate') => {
    const { onChange, ...rest } = controlled(name);
    return { ...rest, onChange: (event: { target: { value: string } }) => onChange(event.target.value) };
  };

  const onSubmit = form.submit(
    async (submitted) => {
      const saved = await save.mutateAsync(submitted);
      form.reset(formValuesOf(saved, today));
      notify.success(t(campaign ? 'form.saved' : 'form.created', { name: saved.name }));
      // A new campaign stays in its settings: the next step is usually there (banners, activation).
      if (!campaign) return () => navigate(`${campaignPath(saved.id)}?tab=settings`);
    },
    (error: ApiError) => (Object.keys(error.validationErrors).length > 0 ? null : failureText(t, error)),
  );

  const dailyTyped = values.dailyBudget.trim() !== '';
  const derived = dailyTyped
    ? null
    : derivedDailyBudget({
        totalBudget: typedMinor(values.totalBudget),
        dailyBudget: null,
        startDate: values.startDate,
        endDate: values.endDate || null,
        today,
        spentMinor: campaign ? Math.floor(campaign.stats.spendTotalMicros / MICROS_PER_MINOR) : 0,
      });
  const cpm = typedMinor(values.maxCpm);
  const frequencyError = errors.frequencyCap?.count?.message
    ? t('form.frequencyCapInvalid', { max: FREQUENCY_CAP_MAX })
    : errors.frequencyCap?.message;
  const countries = useMemo(
    () =>
      settings.countries
        .map((country) => {
          const label = formatCountry(country, i18n.language) ?? country.name;
          return { value: country.code, label, text: label };
        })
        .sort((a, b) => a.text.localeCompare(b.text, i18n.language)),
    [settings.countries, i18n.language],
  );

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-label={t('form.label')}>
      <FormError message={form.formError} />
      {readOnly && <p className={styles.note}>{readOnly}</p>}
      <fieldset className={styles.fieldset} disabled={!canWrite}>
        <div className={styles.form}>
          <Section id="campaign-basics" title={t('form.basics')}>
            <TextField label={t('form.name')} autoComplete="off" maxLength={200} {...field('name')} />
          </Section>

          <Section
            id="campaign-schedule"
            title={t('form.schedule')}
            lead={t('form.scheduleLead', { timeZone: settings.timeZone })}
          >
            <div className={styles.row}>
              <DateField label={t('form.startDate')} name="startDate" {...dateField('startDate')} />
              <DateField
                label={t('form.endDate')}
                name="endDate"
                hint={t('form.endDateHint')}
                {...dateField('endDate')}
              />
            </div>
            <HoursOfWeekField timeZone={settings.timeZone} {...controlled('hoursOfWeek')} />
          </Section>

          <Section
            id="campaign-budget"
            title={t('form.budget')}
            lead={t('form.budgetLead', { currency: currencySymbol(currency) })}
          >
            <div className={styles.row}>
              <TextField
                label={t('form.totalBudget', { currency: currencySymbol(currency) })}
                inputMode="decimal"
                autoComplete="off"
                hint={t('form.totalBudgetHint')}
                {...field('totalBudget')}
              />
              <TextField
                label={t('form.dailyBudget', { currency: currencySymbol(currency) })}
                inputMode="decimal"
                autoComplete="off"
                hint={t('form.dailyBudgetHint', { min: money(settings.minDailyBudget) })}
                {...field('dailyBudget')}
              />
            </div>
            {derived !== null && (
              <p className={styles.derived} role="status">
                {t('form.derivedDaily', { amount: money(derived), end: formatDay(values.endDate) })}
              </p>
            )}
            <TextField
              label={t('form.maxCpm', { currency: currencySymbol(currency) })}
              inputMode="decimal"
              autoComplete="off"
              hint={t('form.maxCpmHint', { min: money(settings.minCpm) })}
              {...field('maxCpm')}
            />
            <p className={styles.hint}>
              {t('form.margin', { percent: formatPercent(settings.platformMarginPercent) })}
              {cpm !== null &&
                ` ${t('form.marginExample', {
                  gross: money(cpm),
                  media: money(Math.floor((cpm * (100 - settings.platformMarginPercent)) / 100)),
                })}`}
            </p>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t('form.pacing')}</legend>
              <div className={styles.radios}>
                {campaignPacings.map((pacing) => (
                  <label key={pacing} className={styles.radio}>
                    <input type="radio" value={pacing} {...form.register('pacing')} />
                    <span>
                      {t(`pacing.${pacing}`)}
                      <small>{t(`pacing.${pacing}Hint`)}</small>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
          </Section>

          <Section id="campaign-frequency" title={t('form.frequencyCap')} lead={t('form.frequencyCapLead')}>
            <div className={styles.inline}>
              <SelectField
                label={t('form.frequencyPeriod')}
                options={[
                  { value: 'off', label: t('period.off') },
                  ...frequencyCapPeriods.map((period) => ({ value: period, label: t(`period.${period}`) })),
                ]}
                {...form.register('frequencyCap.period', {
                  onChange: () => form.clearErrors('frequencyCap'),
                })}
              />
              {values.frequencyCap.period !== 'off' && (
                <TextField
                  label={t('form.frequencyCount')}
                  inputMode="numeric"
                  autoComplete="off"
                  error={frequencyError}
                  {...form.register('frequencyCap.count', {
                    onChange: () => form.clearErrors('frequencyCap'),
                  })}
                />
              )}
            </div>
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

          <Section id="campaign-targeting" title={t('form.targeting')} lead={t('form.targetingLead')}>
            <ChoiceList
              legend={t('form.countries')}
              hint={t('form.countriesHint')}
              searchLabel={t('form.countriesSearch')}
              scroll
              choices={countries}
              {...controlled('countries')}
            />
            <ChoiceList
              legend={t('form.deviceTypes')}
              hint={t('form.deviceTypesHint')}
              choices={deviceTypes.map((value) => ({ value, label: t(`device.${value}`) }))}
              {...controlled('deviceTypes')}
            />
            <ChoiceList
              legend={t('form.operatingSystems')}
              hint={t('form.operatingSystemsHint')}
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
              choices={iabCategories.map((value) => ({
                value,
                text: t(`iab.${value}`),
                label: `${t(`iab.${value}`)} (${value})`,
              }))}
              {...controlled('excludedCategories')}
            />
          </Section>

          <Section id="campaign-audiences" title={t('form.audiences')} lead={t('form.audiencesLead')}>
            <AudiencePicker
              include={controlled('audienceIncludeIds')}
              exclude={controlled('audienceExcludeIds')}
            />
          </Section>

          <Section id="campaign-banners" title={t('form.banners')} lead={t('form.bannersLead')}>
            <BannerPicker attached={campaign?.banners ?? []} {...controlled('bannerIds')} />
          </Section>
        </div>
      </fieldset>
      <ForecastPanel values={values} currency={currency} />
      {canWrite && (
        <div className={styles.formActions}>
          <Button type="submit" loading={form.saving}>
            {t(campaign ? 'form.save' : 'form.create')}
          </Button>
        </div>
      )}
    </form>
  );
}
