import { messages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@rtb/shared';
import type { TFunction } from 'i18next';

export type { ApiForm } from '../shell/form/use-api-form';

/** The texts of the shared schemas and of the API, keyed by their English wording. */
const known = new Map<string, [key: string, options?: Record<string, unknown>]>([
  ...Object.entries(messages as Record<string, unknown>)
    .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
    .map(([key, text]): [string, [string]] => [text, [`account:messages.${key}`]]),
  [
    `The password must have at least ${PASSWORD_MIN_LENGTH} characters.`,
    ['account:validation.passwordMin', { min: PASSWORD_MIN_LENGTH }],
  ],
  [
    `The password may have at most ${PASSWORD_MAX_LENGTH} characters.`,
    ['account:validation.passwordMax', { max: PASSWORD_MAX_LENGTH }],
  ],
  ['Enter a phone number with digits, spaces, brackets or dashes.', ['account:validation.phone']],
  ['Invalid email address', ['account:validation.emailInvalid']],
  ['Communication error', ['common:errors.communication']],
]);

const isEmpty = (value: unknown) => value === undefined || value === null || String(value).trim() === '';

/** A known text of the shared package or the API in the interface language, else null. */
function translateKnown(t: TFunction, message: string): string | null {
  const entry = known.get(message);
  if (entry) return t(entry[0], entry[1]);
  return null;
}

/**
 * A field's validation text in the interface language. The shared schema and the API answer in
 * English; known texts are translated, zod's generic ones get a readable wording, and anything
 * else is shown as it came.
 */
export function localiseMessage(t: TFunction, message: string, value?: unknown): string {
  const translated = translateKnown(t, message);
  if (translated) return translated;
  if (message.startsWith('Too small: expected number')) return t('account:validation.choose');
  if (message.startsWith('Too small:'))
    return isEmpty(value) ? t('account:validation.required') : t('account:validation.tooShort');
  if (message.startsWith('Too big:')) return t('account:validation.tooLong');
  if (/^Invalid (input|string|URL|url|option|number|date)\b/.test(message))
    return t('account:validation.invalid');
  return message;
}
