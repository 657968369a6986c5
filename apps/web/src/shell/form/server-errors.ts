import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../lib/api-client';

/**
 * Server field errors onto the form: the first part of each dotted key is the field, and
 * several messages are joined with a comma (spec section 5). Returns whether any was set.
 */
export function applyServerErrors<T extends FieldValues>(
  error: ApiError,
  setError: UseFormSetError<T>,
): boolean {
  const byField = new Map<string, string[]>();
  for (const [key, messages] of Object.entries(error.validationErrors)) {
    const field = key.split('.')[0] ?? key;
    byField.set(field, [...(byField.get(field) ?? []), ...messages]);
  }
  for (const [field, messages] of byField) {
    setError(field as Path<T>, { type: 'server', message: messages.join(', ') });
  }
  return byField.size > 0;
}
