import { currencies, currencyRates, type Database } from '@rtb/db';
import { desc, eq, lte } from 'drizzle-orm';

/** Each currency's latest rate valid on `date` (its code and the numeric text), in one query. */
export async function findRatesOn(db: Database, date: string): Promise<{ code: string; rate: string }[]> {
  return db
    .selectDistinctOn([currencies.code], { code: currencies.code, rate: currencyRates.rate })
    .from(currencyRates)
    .innerJoin(currencies, eq(currencies.id, currencyRates.currencyId))
    .where(lte(currencyRates.validFrom, date))
    .orderBy(currencies.code, desc(currencyRates.validFrom));
}
