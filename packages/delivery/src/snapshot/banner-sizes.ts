import { bannerSizePattern, configKeys } from '@rtb/shared';
import type { DeliveryDeps } from '../deps';

/** The sizes banners serve at (config value `banner_sizes`, `WxH` each; malformed entries left out). */
export async function allowedBannerSizes(deps: DeliveryDeps): Promise<string[]> {
  return String(await deps.settings.get(deps.db, configKeys.bannerSizes))
    .split(',')
    .map((size) => size.trim())
    .filter((size) => bannerSizePattern.test(size));
}
