import type { TFunction } from 'i18next';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import type { ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';

/** The form field a dotted key or input name is part of ('goal.targetCpa' is the goal's). */
const fieldOf = (key: string) => key.split('.')[0] ?? key;

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
    const field = fieldOf(key);
    byField.set(field, [...(byField.get(field) ?? []), ...messages]);
  }
  for (const [field, messages] of byField) {
    setError(field as Path<T>, { type: 'server', message: messages.join(', ') });
  }
  return byField.size > 0;
}

/**
 * Brings the first field (in the form's order) that has one of the server's errors into view and
 * focuses it: on a long page the field may be far from the submit button (spec section 5). An
 * input of a field's part ('goal.targetCpa') stands for the field.
 */
export function revealFirstInvalidField(form: HTMLFormElement, errorKeys: string[]): void {
  const fields = new Set(errorKeys.map(fieldOf));
  const inputs = [...form.elements].filter(
    (element): element is HTMLElement =>
      element instanceof HTMLElement && fields.has(fieldOf(element.getAttribute('name') ?? '')),
  );
  // Of a field's inputs (a choice and its value), the one showing the error.
  const first = inputs.find((input) => input.getAttribute('aria-invalid') === 'true') ?? inputs[0];
  if (!first) return;
  first.scrollIntoView?.({ block: 'center' });
  first.focus({ preventScroll: true });
}
