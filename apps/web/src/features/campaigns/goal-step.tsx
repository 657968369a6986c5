import { type CampaignSettingsDto, campaignPacings } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { type CurrencyLike, currencySymbol, formatDay, formatPercent } from '../../lib/format';
import { TextField } from '../../shell/form/text-field';
import type { CampaignFields } from './campaign-fields';
import { typedMinor } from './campaign-form-schema';
import { campaignMoney } from './campaign-money';
import styles from './campaigns.module.css';
import { FormSection as Section } from './form-section';

/**
 * Step 1, goal and budget: the name, the total and daily budgets (with the daily amount a total
 * comes to), the maximum CPM with what of it buys impressions, and the pacing.
 */
export function GoalStep({
  fields: { form, values, field },
  settings,
  currency,
  derivedDaily,
}: {
  fields: CampaignFields;
  settings: CampaignSettingsDto;
  currency: CurrencyLike;
  /** The daily amount the total budget comes to, when no daily budget is typed. */
  derivedDaily: number | null;
}) {
  const { t } = useTranslation('campaigns');
  const money = (minor: number) => campaignMoney(minor, currency);
  const symbol = currencySymbol(currency);
  const cpm = typedMinor(values.maxCpm);
  return (
    <>
      <Section id="campaign-basics" title={t('form.basics')}>
        <TextField label={t('form.name')} autoComplete="off" maxLength={200} {...field('name')} />
      </Section>

      <Section
        id="campaign-budget"
        title={t('form.budget')}
        lead={t('form.budgetLead', { currency: symbol })}
      >
        <div className={styles.row}>
          <TextField
            label={t('form.totalBudget', { currency: symbol })}
            inputMode="decimal"
            autoComplete="off"
            hint={t('form.totalBudgetHint')}
            {...field('totalBudget')}
          />
          <TextField
            label={t('form.dailyBudget', { currency: symbol })}
            inputMode="decimal"
            autoComplete="off"
            hint={t('form.dailyBudgetHint', { min: money(settings.minDailyBudget) })}
            {...field('dailyBudget')}
          />
        </div>
        {derivedDaily !== null && (
          <p className={styles.derived} role="status">
            {t('form.derivedDaily', { amount: money(derivedDaily), end: formatDay(values.endDate) })}
          </p>
        )}
        <TextField
          label={t('form.maxCpm', { currency: symbol })}
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
    </>
  );
}
