import { organisationMessages } from '@rtb/shared';
import type { TFunction } from 'i18next';

import type { ApiError } from '../../lib/api-client';
import { notify } from '../../shell/toast/notify';
import { paymentMessagesOf } from '../payments';
import './texts';
import { failureText as callFailureText } from '../../shell/form/failure-text';

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

/** The message of a failed load or action, for a state or a toast: several field errors joined with a comma. */
export const failureText = (t: TFunction, error: ApiError): string => callFailureText(t, error, ', ');

/**
 * What a form shows when saving fails: field errors stay on the fields (with a toast saying the
 * form has errors), anything else becomes the form's message.
 */
export function describeSaveFailure(t: TFunction) {
  return (error: ApiError): string | null => {
    if (Object.keys(error.validationErrors).length === 0) return failureText(t, error);
    notify.error(t('common:errors.validation'));
    return null;
  };
}
