import type { TFunction } from 'i18next';
import type { ApiError } from '../../lib/api-client';
import { failureListText } from '../../shell/form/failure-text';
import { notify } from '../../shell/toast/notify';

/**
 * What a form shows when saving fails: field errors stay on the fields (with a toast saying the
 * form has errors), anything else becomes the form's message.
 */
export function describeSaveFailure(t: TFunction) {
  return (error: ApiError): string | null => {
    if (Object.keys(error.validationErrors).length === 0) return failureListText(t, error);
    notify.error(t('common:errors.validation'));
    return null;
  };
}
