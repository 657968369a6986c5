import { aboveMaximumText, configKeys, paymentMessages, toMinorUnits } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';

/** The configured maximum of one money operation and of a credit limit, in minor units. */
export async function maximumAmount(deps: AppDeps): Promise<number> {
  return toMinorUnits(String(await deps.settings.get(deps.db, configKeys.maxAmount)));
}

/**
 * Refuses an amount above the configured maximum (config value `max_amount`) with a 422 on
 * `field` that names the maximum. A negative amount (a debiting correction) counts by its size.
 */
export async function assertWithinMaximum(deps: AppDeps, amount: number, field = 'amount'): Promise<void> {
  const max = await maximumAmount(deps);
  if (Math.abs(amount) > max)
    throw invalidField(field, aboveMaximumText(paymentMessages.amountAboveMaximum, max));
}

/** The same for a credit limit (`creditLimit`), with the credit limit's words. */
export async function assertCreditLimitWithinMaximum(deps: AppDeps, creditLimit: number): Promise<void> {
  const max = await maximumAmount(deps);
  if (creditLimit > max)
    throw invalidField('creditLimit', aboveMaximumText(paymentMessages.creditLimitAboveMaximum, max));
}
