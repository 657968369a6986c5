import type { CurrencyRates } from '@rtb/rtb';
import { configKeys, normaliseDomain } from '@rtb/shared';
import type { DeliveryDeps } from '../deps';
import { advertiserContexts } from '../snapshot/advertiser-contexts';
import { ratesOn } from '../snapshot/currency-rates';
import { basisPointsOf, dynamicBannerSizes, SHOPPING_CATEGORIES, scaledRate } from '../snapshot/snapshot';

/** What a forecast for one advertiser needs besides the form: prices and clock as its bids would have them. */
export interface ForecastContext {
  currency: string;
  currencyMinorUnits: number;
  timeZone: string;
  marginBps: number;
  commissionBps: number;
  advertiserDomain: string | null;
  categories: readonly string[];
  rates: CurrencyRates;
  baseCurrency: string;
  /** The sizes a dynamic banner serves in (`WxH`). */
  dynamicSizes: string[];
}

/** The advertiser's forecast context, as the snapshot makes its campaigns; null for an unknown advertiser. */
export async function forecastContext(
  deps: DeliveryDeps,
  advertiserId: number,
  now: Date,
): Promise<ForecastContext | null> {
  const context = (await advertiserContexts(deps, [advertiserId], now)).get(advertiserId);
  if (!context) return null;
  const { advertiser } = context;
  const rates = new Map([...(await ratesOn(deps, now))].map(([code, rate]) => [code, scaledRate(rate)]));
  return {
    currency: context.currency,
    currencyMinorUnits: context.currencyMinorUnits,
    timeZone: context.timeZone,
    marginBps: basisPointsOf(await deps.settings.get(deps.db, configKeys.platformMarginPercent)),
    commissionBps: advertiser.agencyId === null ? 0 : basisPointsOf(advertiser.commissionPercent),
    advertiserDomain: advertiser.websiteUrl ? normaliseDomain(advertiser.websiteUrl) : null,
    categories: SHOPPING_CATEGORIES,
    rates,
    baseCurrency: String(await deps.settings.get(deps.db, configKeys.baseCurrency)),
    dynamicSizes: (await dynamicBannerSizes(deps)).map((size) => `${size.width}x${size.height}`),
  };
}
