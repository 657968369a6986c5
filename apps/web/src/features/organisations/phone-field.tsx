import { useTranslation } from 'react-i18next';
import type { FieldProps } from '../../shell/form/field-props';
import { TextField } from '../../shell/form/text-field';

/** The organisation's contact phone. */
export function PhoneField({ field }: { field: FieldProps }) {
  const { t } = useTranslation('organisations');
  return (
    <TextField
      label={t('contact.phone')}
      type="tel"
      autoComplete="off"
      placeholder="+48 22 123 45 67"
      {...field}
    />
  );
}
