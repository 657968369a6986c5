import type { TFunction } from 'i18next';
import { isApiError } from '../../lib/api-client';
import { failureText } from '../../shell/form/failure-text';
import { bannerMessagesOf } from './banners-api';

/** Why a file was not taken, in the interface language: the file's own field error when there is one. */
export function uploadErrorText(t: TFunction, error: unknown): string {
  const fileError = isApiError(error) ? error.validationErrors.file?.[0] : undefined;
  return fileError ? bannerMessagesOf.localise(t, fileError) : failureText(t, error);
}
