import type { CountryRef, CurrencyRef } from '@rtb/shared';
import { useTranslation } from 'react-i18next';
import { useCountries, useCurrencies } from '../../account/reference-data';
import { countryOptions } from '../../lib/format';
import type { FieldProps } from '../../shell/form/field-props';
import { SelectField } from '../../shell/form/select-field';
import { TextField } from '../../shell/form/text-field';
import styles from './organisation.module.css';

export type BillingFieldName = 'currencyId' | 'countryId' | 'taxId' | 'taxAddress' | 'taxEmail';

/** The enabled entries, plus the organisation's own when it has been disabled since. */
function withCurrent<T extends { id: number }>(entries: T[] | undefined, current: T | null): T[] {
  const list = entries ?? [];
  return current && !list.some((entry) => entry.id === current.id) ? [current, ...list] : list;
}

/**
 * Currency, country and tax data: the billing data of spec section 3's rule, which agencies and
 * advertisers share and which their own users may edit too.
 */
export function BillingFields({
  field,
  currency,
  country,
  currencyLocked = false,
  stripeId,
  heading = true,
}: {
  field: (name: BillingFieldName) => FieldProps;
  currency: CurrencyRef | null;
  country: CountryRef | null;
  /** Money has moved: the currency is shown but cannot be chosen. */
  currencyLocked?: boolean;
  /** An existing organisation's payment-provider id, shown but not edited; absent on create. */
  stripeId?: string | null;
  /** Off where the card itself is the billing data's. */
  heading?: boolean;
}) {
  const { t } = useTranslation('organisations');
  const currencies = useCurrencies();
  const countries = useCountries();
  const currencyField = field('currencyId');
  return (
    <>
      {heading && <h3 className={styles.subHeading}>{t('billing.heading')}</h3>}
      <div className={styles.row}>
        <SelectField
          label={t('billing.currency')}
          placeholder={t('billing.noCurrency')}
          hint={t(currencyLocked ? 'billing.currencyLocked' : 'billing.currencyHint')}
          options={withCurrent(currencies.data, currency).map((c) => ({ value: c.id, label: c.code }))}
          {...currencyField}
          disabled={currencyLocked || currencyField.disabled}
        />
        <SelectField
          label={t('billing.country')}
          placeholder={t('billing.noCountry')}
          options={countryOptions(withCurrent(countries.data, country))}
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
      {stripeId !== undefined && (
        <TextField
          label={t('billing.stripeId')}
          hint={t('billing.stripeIdHint')}
          value={stripeId ?? t('billing.noStripeId')}
          readOnly
          disabled
        />
      )}
    </>
  );
}
