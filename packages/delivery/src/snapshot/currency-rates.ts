import { configKeys } from '@rtb/shared';
import type { DeliveryDeps } from '../deps';
import { findRatesOn } from './currency-rates-repository';

/** 1 in the base currency's own terms, with the precision of stored rates. */
export const BASE_RATE = '1.00000000';

/** A day as `YYYY-MM-DD`; a Date is taken as its UTC calendar day. */
export const utcDay = (date: string | Date) =>
  typeof date === 'string' ? date.slice(0, 10) : date.toISOString().slice(0, 10);

/**
 * Every currency's rate on `date` (a Date is its UTC day), the latest valid one each, the base
 * currency's being `BASE_RATE`: currency code -> numeric text. Currencies without a rate yet
 * are left out.
 */
export async function ratesOn(deps: DeliveryDeps, date: string | Date): Promise<Map<string, string>> {
  const day = utcDay(date);
  const rates = new Map((await findRatesOn(deps.db, day)).map((row) => [row.code, row.rate]));
  rates.set(String(await deps.settings.get(deps.db, configKeys.baseCurrency)), BASE_RATE);
  return rates;
}
