import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-client';
import type { useApiForm } from '../../shell/form/use-api-form';
import { paymentMessagesOf } from './payments-api';

type Form<T extends FieldValues> = ReturnType<typeof useApiForm<T>>;

/**
 * A money form's fields with the money rules' errors in the interface language, and what a
 * failed call says: field errors stay on the fields, anything else is the form's message.
 */
export function useMoneyForm<T extends FieldValues>(form: Form<T>) {
  const { t } = useTranslation('payments');
  const field = (name: Path<T>) => {
    const props = form.field(name);
    return {
      ...props,
      error: props.error && paymentMessagesOf.localise(t, props.error, form.getValues(name)),
    };
  };
  const describe = (error: ApiError): string | null =>
    Object.keys(error.validationErrors).length > 0 ? null : paymentMessagesOf.failureText(t, error);
  return { field, describe };
}
