import { organisationMessages, paymentMessages } from '@rtb/shared';
import type { TFunction } from 'i18next';
import type { ApiError } from '../../lib/api-client';
import { featureMessages } from '../../shell/form/feature-messages';
import './top-up-request-texts';

/** The money rules' texts (and the amount format's) in the interface language. */
export const { localise: localiseMoneyMessage, failureText: moneyFailureText } = featureMessages(
  'top-up-requests',
  paymentMessages,
  { amount: organisationMessages.amount },
);

/**
 * What a money form shows when it fails: errors of its own fields stay on them; anything else
 * (e.g. `currency`: 'Set the currency…', `status`: 'already decided') is the form's message.
 */
export const describeMoneyFailure =
  (t: TFunction, fields: readonly string[]) =>
  (error: ApiError): string | null => {
    const keys = Object.keys(error.validationErrors).map((key) => key.split('.')[0] ?? key);
    const onFields = keys.length > 0 && keys.every((key) => fields.includes(key));
    return onFields ? null : moneyFailureText(t, error);
  };
