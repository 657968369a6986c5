import { useTranslation } from 'react-i18next';
import { CheckField } from '../../shell/form/check-field';
import type { FieldProps } from '../../shell/form/field-props';
import { TextField } from '../../shell/form/text-field';
import styles from './organisation.module.css';

/** The credit limit and whether it may be used: set by admins only. */
export function CreditFields({ field }: { field: (name: 'creditLimit' | 'useCreditLimit') => FieldProps }) {
  const { t } = useTranslation('organisations');
  return (
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
  );
}
