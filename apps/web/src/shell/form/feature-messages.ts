import type { TFunction } from 'i18next';
import { describeFailure, localiseMessage } from '../../account/form-messages';
import { isApiError } from '../../lib/api-client';

/**
 * The API texts of a feature (objects of fixed English texts from packages/shared) in the
 * interface language: each text is `<namespace>:messages.<its key>`; any other text goes to
 * the shared translations.
 */
export function featureMessages(namespace: string, ...sources: Record<string, unknown>[]) {
  const keys = new Map<string, string>(
    sources.flatMap((source) =>
      Object.entries(source)
        .filter((entry): entry is [string, string] => typeof entry[1] === 'string')
        .map(([key, text]): [string, string] => [text, `${namespace}:messages.${key}`]),
    ),
  );

  /** A field's error in the interface language. */
  const localise = (t: TFunction, message: string, value?: unknown): string => {
    const key = keys.get(message);
    return key ? t(key) : localiseMessage(t, message, value);
  };

  /** The message of a failed call, for a list's error state or a toast. */
  const failureText = (t: TFunction, error: unknown): string => {
    if (!isApiError(error)) return t('common:errors.communication');
    const own = keys.get(error.message);
    if (own) return t(own);
    const fields = Object.values(error.validationErrors).flat();
    if (fields.length && error.code === 422)
      return [...new Set(fields.map((message) => localise(t, message)))].join(' ');
    return describeFailure(t, error) ?? error.message;
  };

  return { localise, failureText };
}
