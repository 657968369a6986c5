import { amountField, decimalInput, positiveMinorUnits, toMinorUnits } from '@rtb/shared';
import { z } from 'zod';

/** The amount a top-up form takes: major units ('100.50'), sent as minor units above 0. */
export const topUpAmount = amountField.pipe(positiveMinorUnits);

/** The minor units of what the amount field says so far, or null while it is not an amount. */
export function typedMinorUnits(text: unknown): number | null {
  const value = String(decimalInput(String(text ?? '')));
  return /^\d{1,13}(\.\d{1,2})?$/.test(value) ? toMinorUnits(value) : null;
}

export const onlineTopUpForm = z.object({ amount: topUpAmount });
export const bankTopUpForm = z.object({
  amount: topUpAmount,
  comment: z.string().trim().max(1000).optional(),
});
