import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { failureListText } from '../../shell/form/failure-text';

/** A failed list load in words. */
export function loadError(t: TFunction, error: unknown): string | null {
  if (!error) return null;
  return isApiError(error) ? failureListText(t, error) : t('common:errors.communication');
}
