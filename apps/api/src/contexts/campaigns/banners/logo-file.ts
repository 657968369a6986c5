import { bannerMessages, DYNAMIC_LOGO_MAX_PX, DYNAMIC_LOGO_MIN_PX, formatBannerSize } from '@rtb/shared';
import { invalidField } from '../../../core/errors';
import { fill } from '../../../core/fill';
import type { IncomingFile } from '../../platform';
import { type Creative, imageCreative } from './creative-file';
import { sniffCreative } from './image-file';

const refuse = (message: string) => invalidField('file', message);

/**
 * Checks a dynamic banner's logo (its size limit is the multipart reader's): an image recognised
 * by its bytes as a banner's is, of any size from `DYNAMIC_LOGO_MIN_PX` to `DYNAMIC_LOGO_MAX_PX`
 * on each side (the template scales it), never a ZIP. It serves at its pixels, as `logo.<ext>`.
 * Every refusal is a 422 on `file`.
 */
export function analyseLogo(file: IncomingFile): Creative {
  const format = sniffCreative(file.data);
  if (!format || format === 'zip') throw refuse(bannerMessages.logoFormat);
  const logo = imageCreative(format, file, 'logo');
  const fits = (px: number) => px >= DYNAMIC_LOGO_MIN_PX && px <= DYNAMIC_LOGO_MAX_PX;
  if (!fits(logo.width) || !fits(logo.height))
    throw refuse(
      fill(bannerMessages.logoSize, {
        size: formatBannerSize(logo.width, logo.height),
        min: DYNAMIC_LOGO_MIN_PX,
        max: DYNAMIC_LOGO_MAX_PX,
      }),
    );
  return { ...logo, type: 'dynamic' };
}
