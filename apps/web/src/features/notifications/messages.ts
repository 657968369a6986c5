import type { TFunction } from 'i18next';
import { failureText as callFailureText } from '../../shell/form/failure-text';

/** The message of a failed call, for a toast or a list's error state: several field errors joined with a comma. */
export const failureText = (t: TFunction, error: unknown): string => callFailureText(t, error, ', ');
