import {
  BROWSER_CONVERSIONS_PER_USER_HOUR,
  type ConversionSettings,
  conversionMessages,
  conversionSettingsBody,
  decimalInput,
  fromMinorUnits,
  MIN_CLICK_TO_CONVERSION_SECONDS,
  toMinorUnits,
} from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { useCurrencyOf } from '../../account/reference-data';
import { useCan } from '../../auth/can';
import { currencySymbol } from '../../lib/format';
import { Button } from '../../shell/button/button';
import { failureText } from '../../shell/form/failure-text';
import { FormError } from '../../shell/form/form-error';
import { TextField } from '../../shell/form/text-field';
import { useApiForm } from '../../shell/form/use-api-form';
import { notify } from '../../shell/toast/notify';
import { campaignMoney } from '../campaigns';
import styles from './tags.module.css';
import { useConversionSettings, useSaveConversionSettings } from './tags-api';

/** What the form holds: the maximum as typed in currency units ('' for the default). */
interface LimitsValues {
  maxOrderValueMinor: string;
}

/** The typed maximum as the API's body: minor units, or null (empty) for the default. */
const limitsForm = z.object({
  maxOrderValueMinor: z
    .string()
    .transform((text) => String(decimalInput(text)))
    .pipe(
      z
        .string()
        .trim()
        .refine(
          (text) => text === '' || /^\d{1,13}(\.\d{1,2})?$/.test(text),
          conversionMessages.maxOrderValueRange,
        )
        .transform((text) => (text === '' ? null : toMinorUnits(text))),
    )
    .pipe(conversionSettingsBody.shape.maxOrderValueMinor),
});

const valuesOf = (settings: ConversionSettings): LimitsValues => ({
  maxOrderValueMinor: settings.maxOrderValueMinor === null ? '' : fromMinorUnits(settings.maxOrderValueMinor),
});

/**
 * The bounds of the browser's conversions (pixel and tag), in words, and the maximum order value:
 * changed by users who may change integrations, read by the others.
 */
export function ConversionLimits() {
  const { t } = useTranslation('tags');
  const settings = useConversionSettings();
  return (
    <section className={styles.card} aria-labelledby="conversion-limits-heading">
      <h2 id="conversion-limits-heading" className={styles.cardHeading}>
        {t('limits.heading')}
      </h2>
      <p className={styles.cardLead}>{t('limits.lead')}</p>
      {settings.isError ? (
        <div role="alert">
          <p className={styles.note}>{failureText(t, settings.error)}</p>
          <Button variant="outline" size="small" onClick={() => void settings.refetch()}>
            {t('common:retry')}
          </Button>
        </div>
      ) : settings.isPending ? (
        <p className={styles.note} aria-busy="true">
          {t('common:loading')}
        </p>
      ) : (
        <LimitsForm settings={settings.data} />
      )}
    </section>
  );
}

function LimitsForm({ settings }: { settings: ConversionSettings }) {
  const { t } = useTranslation('tags');
  const canWrite = useCan('integrations', 'write');
  const save = useSaveConversionSettings();
  const form = useApiForm(limitsForm, valuesOf(settings));
  const currency = useCurrencyOf()(settings.currency ?? '');
  const money = (minor: number) => campaignMoney(minor, currency);
  const max = settings.maxOrderValueMinor ?? settings.defaultMaxOrderValueMinor;
  const field = form.field;
  const onSubmit = form.submit(
    async (body) => {
      const saved = await save.mutateAsync(body);
      form.reset(valuesOf(saved));
      notify.success(t('limits.saved'));
    },
    (error) => (Object.keys(error.validationErrors).length > 0 ? null : failureText(t, error)),
  );

  return (
    <>
      <ul className={styles.rules}>
        <li>{t('limits.rules.value', { max: money(max) })}</li>
        <li>{t('limits.rules.rate', { count: BROWSER_CONVERSIONS_PER_USER_HOUR })}</li>
        <li>
          {t('limits.rules.soon', {
            count: MIN_CLICK_TO_CONVERSION_SECONDS,
            seconds: MIN_CLICK_TO_CONVERSION_SECONDS,
          })}
        </li>
      </ul>
      <p className={styles.text}>{t('limits.confirm')}</p>
      {canWrite ? (
        <form className={styles.inlineForm} onSubmit={onSubmit} noValidate>
          <FormError message={form.formError} />
          <TextField
            label={t('limits.maxLabel', {
              currency: settings.currency ? currencySymbol(currency) : t('limits.noCurrency'),
            })}
            hint={t('limits.maxHint', { default: money(settings.defaultMaxOrderValueMinor) })}
            inputMode="decimal"
            autoComplete="off"
            placeholder={fromMinorUnits(settings.defaultMaxOrderValueMinor)}
            {...field('maxOrderValueMinor')}
          />
          <Button type="submit" loading={form.saving}>
            {t('limits.save')}
          </Button>
        </form>
      ) : (
        <p className={styles.note}>{t('limits.readOnly')}</p>
      )}
    </>
  );
}
