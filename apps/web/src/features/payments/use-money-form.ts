import { useRef } from 'react';
import type { FieldValues, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../lib/api-client';
import { failureText } from '../../shell/form/failure-text';
import type { ApiForm } from '../../shell/form/use-api-form';

/**
 * A money form's fields with the money rules' errors in the interface language, and what a
 * failed call says: errors of the fields it shows (those given out by `field`) stay on them;
 * anything else (e.g. `currency`: 'Set the currency…', a hidden `status`: 'already decided') is
 * the form's message.
 */
export function useMoneyForm<TInput extends FieldValues, TOutput extends FieldValues>(
  form: ApiForm<TInput, TOutput>,
) {
  const { t } = useTranslation('payments');
  const shown = useRef(new Set<string>()).current;
  const field = (name: Path<TInput>) => {
    shown.add(name);
    return form.field(name);
  };
  const describe = (error: ApiError): string | null => {
    const keys = Object.keys(error.validationErrors).map((key) => key.split('.')[0] ?? key);
    const onFields = keys.length > 0 && keys.every((key) => shown.has(key));
    return onFields ? null : failureText(t, error);
  };
  return { field, describe };
}
