import type { TFunction } from 'i18next';
import type { ApiError } from '../../lib/api-client';
import { failureText as callFailureText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';
import './texts';

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
