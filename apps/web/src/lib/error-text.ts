import type { ErrorIssue, ErrorParams } from '@rtb/shared';
import type { TFunction } from 'i18next';

/**
 * An API error's text in the interface language, by its stable code (one table:
 * locales/{en,pl}/errors.json, a key per code of packages/shared's list), with its values
 * written in; null for a code the table does not know.
 */
export function errorText(t: TFunction, code: string | undefined, params?: ErrorParams): string | null {
  if (!code) return null;
  const key = `errors:${code}`;
  return t(key, { ...params, defaultValue: '' }) || null;
}

/** An issue's text in the interface language by its code (the code itself if the table lacks it). */
export const issueText = (t: TFunction, issue: ErrorIssue): string =>
  errorText(t, issue.code, issue.params) ?? issue.code;
