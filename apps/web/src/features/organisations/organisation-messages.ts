import { organisationMessages } from '@rtb/shared';
import type { TFunction } from 'i18next';
import { describeFailure } from '../../account/form-messages';
import type { ApiError } from '../../lib/api-client';
import { notify } from '../../shell/toast/notify';
import { paymentMessagesOf } from '../payments';
import './texts';

const sharedTexts: ReadonlyMap<string, string> = new Map(
  Object.entries(organisationMessages).map(([key, text]) => [text, `organisations:messages.${key}`]),
);

/**
 * A message of the agencies' and advertisers' endpoints in the interface language: the texts of
 * `extra` (a feature's own) first, then those both kinds share, then the money rules' (a credit
 * limit above the maximum), then the account texts.
 */
export function localiseOrganisationMessage(
  t: TFunction,
  message: string,
  value?: unknown,
  extra?: ReadonlyMap<string, string>,
): string {
  const key = extra?.get(message) ?? sharedTexts.get(message);
  return key ? t(key) : paymentMessagesOf.localise(t, message, value);
}

/** The message of a failed load or action, for a state or a toast. */
export function failureText(t: TFunction, error: ApiError, extra?: ReadonlyMap<string, string>): string {
  return (
    describeFailure(t, error) ??
    Object.values(error.validationErrors)
      .flat()
      .map((message) => localiseOrganisationMessage(t, message, undefined, extra))
      .join(', ')
  );
}

/**
 * What a form shows when saving fails: field errors stay on the fields (with a toast saying the
 * form has errors), anything else becomes the form's message.
 */
export function describeSaveFailure(t: TFunction, extra?: ReadonlyMap<string, string>) {
  return (error: ApiError): string | null => {
    if (Object.keys(error.validationErrors).length === 0) return failureText(t, error, extra);
    notify.error(t('common:errors.validation'));
    return null;
  };
}
