import { BASE_RATE, utcDay } from '@rtb/delivery';
import { configKeys } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { findRateOn, findReference } from './repository';

/**
 * Units of the base currency (config value `base_currency`) for one unit of the currency on
 * `date`: the rate with the latest `validFrom` on or before it. `BASE_RATE` for the base
 * currency itself; null when the currency had no rate yet (or does not exist).
 * A Date is taken as its UTC calendar day.
 */
export async function rateOn(deps: AppDeps, currencyId: number, date: string | Date): Promise<string | null> {
  const day = utcDay(date);
  const currency = await findReference(deps.db, 'currencies', currencyId);
  if (!currency) return null;
  if (currency.code === (await deps.settings.get(deps.db, configKeys.baseCurrency))) return BASE_RATE;
  return findRateOn(deps.db, currencyId, day);
}
