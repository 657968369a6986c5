import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';

/** A field's errors in the interface language, by their codes; a text without a known code as it came. */
function fieldTexts(t: TFunction, error: ApiError, key: string, english: string[]): string[] {
  const issues = error.issues?.[key] ?? [];
  return english.map((text, index) => {
    const issue = issues[index];
    return (issue && errorText(t, issue.code, issue.params)) ?? text;
  });
}

/**
 * Server field errors onto the form, translated by code: the first part of each dotted key is
 * the field, and several messages are joined with a comma (spec section 5). Returns whether any
 * was set.
 */
export function applyServerErrors<T extends FieldValues>(
  t: TFunction,
  error: ApiError,
  setError: UseFormSetError<T>,
): boolean {
  const byField = new Map<string, string[]>();
  for (const [key, english] of Object.entries(error.validationErrors)) {
    const messages = fieldTexts(t, error, key, english);
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
