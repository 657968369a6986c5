import { configKeys } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { findRateOn, findRatesOn, findReference } from './repository';

/** 1 in the base currency's own terms, with the precision of stored rates. */
export const BASE_RATE = '1.00000000';

/** A day as `YYYY-MM-DD`; a Date is taken as its UTC calendar day. */
const utcDay = (date: string | Date) =>
  typeof date === 'string' ? date.slice(0, 10) : date.toISOString().slice(0, 10);

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

/**
 * Every currency's rate on `date` (a Date is its UTC day), the latest valid one each, the base
 * currency's being `BASE_RATE`: currency code -> numeric text. Currencies without a rate yet
 * are left out.
 */
export async function ratesOn(deps: AppDeps, date: string | Date): Promise<Map<string, string>> {
  const day = utcDay(date);
  const rates = new Map((await findRatesOn(deps.db, day)).map((row) => [row.code, row.rate]));
  rates.set(String(await deps.settings.get(deps.db, configKeys.baseCurrency)), BASE_RATE);
  return rates;
}
