import type { CountryRef, CurrencyRef } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCountries, useCurrencies } from '../../account/reference-data';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import type { useApiForm } from '../../shell/form/use-api-form';
import { CheckField } from '../configuration/check-field';
import styles from './organisation.module.css';

export type BillingFieldName =
  | 'currencyId'
  | 'countryId'
  | 'taxId'
  | 'taxAddress'
  | 'taxEmail'
  | 'phone'
  | 'creditLimit'
  | 'useCreditLimit';

/** What `form.field(name)` gives a field, with its error in the interface language. */
export type FieldProps = ReturnType<ReturnType<typeof useApiForm<Record<string, unknown>>>['field']>;

/** The enabled entries, plus the organisation's own when it has been disabled since. */
function withCurrent<T extends { id: number }>(entries: T[] | undefined, current: T | null): T[] {
  const list = entries ?? [];
  return current && !list.some((entry) => entry.id === current.id) ? [current, ...list] : list;
}

/** Currency, country, tax data, phone and credit: the billing fields agencies and advertisers share. */
export function BillingFields({
  field,
  currency,
  country,
  stripeId,
  withCredit = true,
}: {
  field: (name: BillingFieldName) => FieldProps;
  currency: CurrencyRef | null;
  country: CountryRef | null;
  /** An existing organisation's payment-provider id, shown but not edited; absent on create. */
  stripeId?: string | null;
  /** The credit limit and its use: admins set them, the organisations do not. */
  withCredit?: boolean;
}) {
  const { t } = useTranslation('agencies');
  const currencies = useCurrencies();
  const countries = useCountries();
  return (
    <>
      <h3 className={styles.subHeading}>{t('billing.heading')}</h3>
      <div className={styles.row}>
        <SelectField
          label={t('billing.currency')}
          placeholder={t('billing.noCurrency')}
          hint={t('billing.currencyHint')}
          options={withCurrent(currencies.data, currency).map((c) => ({ value: c.id, label: c.code }))}
          {...field('currencyId')}
        />
        <SelectField
          label={t('billing.country')}
          placeholder={t('billing.noCountry')}
          options={withCurrent(countries.data, country).map((c) => ({ value: c.id, label: c.name }))}
          {...field('countryId')}
        />
      </div>
      <div className={styles.row}>
        <TextField label={t('billing.taxId')} autoComplete="off" maxLength={64} {...field('taxId')} />
        <TextField
          label={t('billing.taxEmail')}
          type="email"
          autoComplete="off"
          placeholder="billing@example.com"
          {...field('taxEmail')}
        />
      </div>
      <TextField
        label={t('billing.taxAddress')}
        autoComplete="off"
        maxLength={500}
        {...field('taxAddress')}
      />
      <TextField
        label={t('billing.phone')}
        type="tel"
        autoComplete="off"
        placeholder="+48 22 123 45 67"
        {...field('phone')}
      />
      {stripeId !== undefined && (
        <TextField
          label={t('billing.stripeId')}
          hint={t('billing.stripeIdHint')}
          value={stripeId ?? t('billing.noStripeId')}
          readOnly
          disabled
        />
      )}
      {withCredit && (
        <>
          <h3 className={styles.subHeading}>{t('billing.creditHeading')}</h3>
          <TextField
            label={t('billing.creditLimit')}
            hint={t('billing.creditLimitHint')}
            inputMode="decimal"
            autoComplete="off"
            {...field('creditLimit')}
          />
          <CheckField label={t('billing.useCreditLimit')} {...field('useCreditLimit')} />
        </>
      )}
    </>
  );
}
