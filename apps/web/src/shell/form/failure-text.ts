import type { TFunction } from 'i18next';
import { type ApiError, isApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';

/** A 429's wait in the interface language, from the answer's `retryAfter` seconds. */
function waitText(t: TFunction, error: ApiError): string | null {
  const seconds = (error.originalError as { retryAfter?: unknown } | null)?.retryAfter;
  if (typeof seconds !== 'number') return null;
  return errorText(t, 'rate_limit.too_many_requests', { count: Math.max(1, Math.ceil(seconds / 60)) });
}

/**
 * A failed call's own message (spec section 8) by its code: maintenance for 503, 'Communication
 * error' when nothing answered, how long to wait for 429. A body without a code (not the API's)
 * is shown as it came.
 */
function callText(t: TFunction, error: ApiError): string {
  if (error.code === 503) return t('common:errors.maintenance');
  if (error.code === 0) return t('common:errors.communication');
  const wait = error.code === 429 ? waitText(t, error) : null;
  return wait ?? errorText(t, error.error, error.params) ?? error.message;
}

/** The form-level message of a failed call; null when its fields carry the errors. */
export function formFailureText(t: TFunction, error: ApiError): string | null {
  const fieldsCarryIt = Object.keys(error.validationErrors).length > 0 && ![0, 429, 503].includes(error.code);
  return fieldsCarryIt ? null : callText(t, error);
}

/**
 * The message of a failed call, for a list's error state, a toast or a form: its fields' errors
 * (each text once, by code) when it has them, else its own message.
 */
export function failureText(t: TFunction, error: unknown, separator = ' '): string {
  if (!isApiError(error)) return t('common:errors.communication');
  const fields = Object.values(error.issues ?? {})
    .flat()
    .map((issue) => errorText(t, issue.code, issue.params))
    .filter((text): text is string => text !== null);
  if (fields.length > 0 && error.code === 422) return [...new Set(fields)].join(separator);
  return callText(t, error);
}

/** `failureText` with several field errors joined by a comma, as the admin and organisation pages' toasts show them. */
export const failureListText = (t: TFunction, error: unknown): string => failureText(t, error, ', ');
