import { type ConversionSettings, DEFAULT_MAX_ORDER_VALUE_UNITS } from '@rtb/shared';
import type { DeliveryDeps } from '../deps';
import { conversionAdvertiser } from './conversion-advertiser';
import { conversionSettingsOf } from './conversion-repository';
import type { ConversionAdvertiser } from './conversion-value';

/** The default maximum order value in minor units of the advertiser's currency. */
const defaultMaxOf = (advertiser: ConversionAdvertiser | null) =>
  DEFAULT_MAX_ORDER_VALUE_UNITS * 10 ** (advertiser?.minorUnits ?? 2);

/**
 * The most a browser conversion of each advertiser may be worth before it is held, in minor
 * units of its currency: its own setting, else the default.
 */
export async function maxOrderValuesOf(
  deps: DeliveryDeps,
  advertiserIds: number[],
): Promise<Map<number, number>> {
  const own = new Map(
    (await conversionSettingsOf(deps.db, advertiserIds)).map((row) => [
      row.advertiserId,
      row.maxOrderValueMinor,
    ]),
  );
  const maxima = new Map<number, number>();
  for (const id of new Set(advertiserIds))
    maxima.set(id, own.get(id) ?? defaultMaxOf(await conversionAdvertiser(deps, id)));
  return maxima;
}

/** `GET /api/advertiser/tag/conversion-settings`: the maximum order value, own or default, and the currency. */
export async function getConversionSettings(
  deps: DeliveryDeps,
  advertiserId: number,
): Promise<ConversionSettings> {
  const advertiser = await conversionAdvertiser(deps, advertiserId);
  const [own] = await conversionSettingsOf(deps.db, [advertiserId]);
  return {
    currency: advertiser?.currency ?? null,
    maxOrderValueMinor: own?.maxOrderValueMinor ?? null,
    defaultMaxOrderValueMinor: defaultMaxOf(advertiser),
  };
}
