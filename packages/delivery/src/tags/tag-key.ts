import { conversionAdvertiser } from '../conversions/conversion-advertiser';
import type { ConversionAdvertiser } from '../conversions/conversion-value';
import type { DeliveryDeps } from '../deps';
import { advertiserOfTagKey } from './repository';

/** Whose tag a key is, with the currency its transactions count in (null: an advertiser without one). */
export interface TagAdvertiser {
  advertiserId: number;
  conversions: ConversionAdvertiser | null;
}

/** The advertiser of a tag key; null for a key nobody has. */
export async function tagAdvertiser(deps: DeliveryDeps, tagKey: string): Promise<TagAdvertiser | null> {
  const advertiserId = await advertiserOfTagKey(deps.db, tagKey);
  if (advertiserId === null) return null;
  return { advertiserId, conversions: await conversionAdvertiser(deps, advertiserId) };
}
