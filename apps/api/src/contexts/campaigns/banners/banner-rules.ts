import {
  type BannerRulesDto,
  bannerMessages,
  bannerSizePattern,
  configKeys,
  HTML5_MAX_FILES,
  HTML5_MAX_UNPACKED_BYTES,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { fill } from '../../../core/fill';
import type { FileLimit } from '../../platform';

/** The sizes banners serve at (config value `banner_sizes`, `WxH` each; malformed entries left out). */
export async function allowedBannerSizes(deps: AppDeps): Promise<string[]> {
  return String(await deps.settings.get(deps.db, configKeys.bannerSizes))
    .split(',')
    .map((size) => size.trim())
    .filter((size) => bannerSizePattern.test(size));
}

/** What a creative must be (config values `banner_sizes`, `banner_max_file_kb`; the HTML5 limits). */
export async function bannerRules(deps: AppDeps): Promise<BannerRulesDto> {
  const sizes = await allowedBannerSizes(deps);
  const maxKb = await deps.settings.number(deps.db, configKeys.bannerMaxFileKb);
  return {
    sizes,
    maxFileBytes: maxKb * 1024,
    html5MaxFiles: HTML5_MAX_FILES,
    html5MaxUnpackedBytes: HTML5_MAX_UNPACKED_BYTES,
  };
}

/** The upload limit of a banner file, for the multipart reader (which stops at it). */
export async function bannerFileLimit(deps: AppDeps): Promise<FileLimit> {
  const { maxFileBytes } = await bannerRules(deps);
  return {
    maxBytes: maxFileBytes,
    tooLarge: fill(bannerMessages.fileTooLarge, { max: maxFileBytes / 1024 }),
  };
}
