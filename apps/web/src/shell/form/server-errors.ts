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

/**
 * Brings the first field (in the form's order) that has one of the server's errors into view and
 * focuses it: on a long page the field may be far from the submit button (spec section 5).
 */
export function revealFirstInvalidField(form: HTMLFormElement, errorKeys: string[]): void {
  const fields = new Set(errorKeys.map((key) => key.split('.')[0] ?? key));
  const first = [...form.elements].find(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && fields.has(element.getAttribute('name') ?? ''),
  );
  if (!first) return;
  first.scrollIntoView?.({ block: 'center' });
  first.focus({ preventScroll: true });
}
