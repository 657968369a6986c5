import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { issueText } from '../../lib/error-text';
import { failureText } from '../../shell/form/failure-text';

/**
 * Why a file was not taken, in the interface language: the file's own field error when there is
 * one, by its code (a text without one as it came).
 */
export function uploadErrorText(t: TFunction, error: unknown): string {
  if (!isApiError(error)) return failureText(t, error);
  const issue = error.issues?.file?.[0];
  if (issue) return issueText(t, issue);
  return error.validationErrors.file?.[0] ?? failureText(t, error);
}
