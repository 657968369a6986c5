import { type CampaignSettingsDto, campaignPacings } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { type CurrencyLike, currencySymbol, formatDay } from '../../lib/format';
import { TextField } from '../../shell/form/text-field';
import { BidStrategySection } from './bid-strategy-section';
import type { CampaignFields } from './campaign-fields';
import { campaignMoney } from './campaign-money';
import styles from './campaigns.module.css';
import { ExplainedRadios } from './explained-radios';
import { FormSection as Section } from './form-section';

/**
 * Step 1, goal and budget: the name, the total and daily budgets (with the daily amount a total
 * comes to) and the pacing, then the bid strategy.
 */
export function GoalStep({
  fields,
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
  const { form, values, field } = fields;
  const money = (minor: number) => campaignMoney(minor, currency);
  const symbol = currencySymbol(currency);
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
        <ExplainedRadios
          legend={t('form.pacing')}
          choices={campaignPacings.map((pacing) => ({
            value: pacing,
            label: t(`pacing.${pacing}`),
            hint: t(`pacing.${pacing}Hint`),
          }))}
          input={form.register('pacing')}
        />
      </Section>

      <BidStrategySection fields={fields} settings={settings} currency={currency} />
    </>
  );
}
