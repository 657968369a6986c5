import { allowedBannerSizes } from '@rtb/delivery';
import {
  type BannerRulesDto,
  bannerMessages,
  configKeys,
  HTML5_MAX_FILES,
  HTML5_MAX_UNPACKED_BYTES,
} from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { fill } from '../../../core/fill';
import type { FileLimit } from '../../platform';

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
