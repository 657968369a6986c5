import { billingStateOf, paymentMessages } from '@rtb/shared';
import { HttpError } from '../../../core/errors';
import type { OrganisationMoney } from './organisation-money';

/**
 * Top-ups are invoiced to the organisation's billing data: refused (422, with the missing
 * fields in `billingMissing`) while they are incomplete.
 */
export function assertBillingComplete(org: OrganisationMoney): void {
  const { billingComplete, billingMissing } = billingStateOf(org.kind, org);
  if (!billingComplete)
    throw new HttpError(422, 'validation.failed', {
      errors: { billing: [paymentMessages.billingIncomplete] },
      extra: { billingMissing },
    });
}
