import { type CampaignSettingsDto, campaignGoalKinds, campaignGoalLimits } from '@rtb/shared';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type CurrencyLike, currencySymbol, formatPercent } from '../../lib/format';
import { TextField } from '../../shell/form/text-field';
import type { CampaignFields } from './campaign-fields';
import { type CampaignFormValues, typedMinor } from './campaign-form-schema';
import { campaignMoney, campaignSpend } from './campaign-money';
import styles from './campaigns.module.css';
import { ExplainedRadios } from './explained-radios';
import { FormSection as Section } from './form-section';

/**
 * The goal's error wherever the form put it: on the goal itself (the API's, by its first dotted
 * part) or on its target (the form's checks of the text, the shared schema's of the amount).
 */
function goalErrorOf(errors: FieldErrors<CampaignFormValues>['goal']): string | undefined {
  if (!errors) return undefined;
  if (typeof errors.message === 'string') return errors.message;
  return Object.values(errors as Record<string, { message?: unknown } | undefined>)
    .map((error) => error?.message)
    .find((message): message is string => typeof message === 'string');
}

/**
 * The bid strategy: a maximum CPM, or a target CPC, CPA or ROAS, each explained in a sentence under
 * its choice; the chosen target with its unit (the currency, % for ROAS); the maximum CPM, which an
 * outcome goal may leave empty (no ceiling); and the platform's margin both include.
 */
export function BidStrategySection({
  fields: { form, values, field },
  settings,
  currency,
}: {
  fields: CampaignFields;
  settings: CampaignSettingsDto;
  currency: CurrencyLike;
}) {
  const { t } = useTranslation('campaigns');
  const money = (minor: number) => campaignMoney(minor, currency);
  const symbol = currencySymbol(currency);
  const kind = values.goal.kind;
  const cpm = typedMinor(values.maxCpm);
  const goalError = goalErrorOf(form.formState.errors.goal);
  /** The kind's target, typed in its unit; a change clears the goal's errors. */
  const target = (name: 'targetCpc' | 'targetCpa' | 'targetRoas', label: string, hint: string) => (
    <TextField
      key={name}
      label={label}
      inputMode="decimal"
      autoComplete="off"
      hint={hint}
      error={goalError}
      {...form.register(`goal.${name}`, { onChange: () => form.clearErrors('goal') })}
    />
  );
  return (
    <Section id="campaign-bid" title={t('form.bidStrategy')} lead={t('form.bidStrategyLead')}>
      <ExplainedRadios
        legend={t('form.bidStrategy')}
        choices={campaignGoalKinds.map((goal) => ({
          value: goal,
          label: t(`goal.${goal}`),
          hint: t(`goal.${goal}Hint`),
        }))}
        input={form.register('goal.kind', { onChange: () => form.clearErrors(['goal', 'maxCpm']) })}
      />
      {kind === 'targetCpc' &&
        target(
          'targetCpc',
          t('form.targetCpc', { currency: symbol }),
          t('form.targetCpcHint', { max: campaignSpend(campaignGoalLimits.targetCpcMicros.max, currency) }),
        )}
      {kind === 'targetCpa' &&
        target(
          'targetCpa',
          t('form.targetCpa', { currency: symbol }),
          t('form.targetCpaHint', { max: campaignSpend(campaignGoalLimits.targetCpaMicros.max, currency) }),
        )}
      {kind === 'targetRoas' && target('targetRoas', t('form.targetRoas'), t('form.targetRoasHint'))}
      <TextField
        label={t(kind === 'maxCpm' ? 'form.maxCpm' : 'form.ceilingCpm', { currency: symbol })}
        inputMode="decimal"
        autoComplete="off"
        hint={t(kind === 'maxCpm' ? 'form.maxCpmHint' : 'form.ceilingCpmHint', {
          min: money(settings.minCpm),
        })}
        {...field('maxCpm')}
      />
      <p className={styles.hint}>
        {kind === 'maxCpm' ? (
          <>
            {t('form.margin', { percent: formatPercent(settings.platformMarginPercent) })}
            {cpm !== null &&
              ` ${t('form.marginExample', {
                gross: money(cpm),
                media: money(Math.floor((cpm * (100 - settings.platformMarginPercent)) / 100)),
              })}`}
          </>
        ) : (
          t('form.goalMargin', { percent: formatPercent(settings.platformMarginPercent) })
        )}
      </p>
    </Section>
  );
}
