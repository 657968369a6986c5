import type { AppDeps } from '../../../core/deps';
import { advertisersByIds } from '../../organisations';
import { currencyMinorUnits } from '../../platform';
import type { ConversionAdvertiser } from './conversion-value';

/** The currency a conversion's value must be in: the advertiser's; null for an unknown advertiser (or one without a currency). */
export async function conversionAdvertiser(
  deps: AppDeps,
  advertiserId: number,
): Promise<ConversionAdvertiser | null> {
  const [advertiser] = await advertisersByIds(deps, [advertiserId]);
  if (!advertiser?.currency) return null;
  const minorUnits = (await currencyMinorUnits(deps, [advertiser.currency.id])).get(advertiser.currency.id);
  return { currency: advertiser.currency.code, minorUnits: minorUnits ?? 2 };
}
