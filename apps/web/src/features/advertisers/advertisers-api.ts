import type { TFunction } from 'i18next';
import type { ApiError } from '../../lib/api-client';
import { failureText } from '../organisations';
import './texts';

/** The message of a failed load or action, for a state or a toast. */
export const advertiserFailureText = (t: TFunction, error: ApiError) => failureText(t, error);
