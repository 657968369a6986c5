import { advertisers, currencies } from '@rtb/db';
import { eq } from 'drizzle-orm';
import type { DeliveryDeps } from '../deps';
import type { ConversionAdvertiser } from './conversion-value';

/** The currency a conversion's value must be in: the advertiser's; null for an unknown advertiser (or one without a currency). */
export async function conversionAdvertiser(
  deps: Pick<DeliveryDeps, 'db'>,
  advertiserId: number,
): Promise<ConversionAdvertiser | null> {
  const [row] = await deps.db
    .select({ currency: currencies.code, minorUnits: currencies.minorUnits })
    .from(advertisers)
    .innerJoin(currencies, eq(currencies.id, advertisers.currencyId))
    .where(eq(advertisers.id, advertiserId));
  return row ?? null;
}
