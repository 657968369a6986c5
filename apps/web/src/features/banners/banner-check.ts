import type { BannerRulesDto, ErrorIssue } from '@rtb/shared';

/** What the picker offers: the image formats the API recognises, and ZIP archives (HTML5). */
export const bannerAccept =
  '.jpg,.jpeg,.png,.gif,.webp,.zip,image/jpeg,image/png,image/gif,image/webp,application/zip';

/** A dynamic banner's logo: an image only. */
export const logoAccept = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';

const bannerExtensions = /\.(jpe?g|png|gif|webp|zip)$/i;
const imageExtensions = /\.(jpe?g|png|gif|webp)$/i;

function fileSizeProblem(file: { size: number }, rules: BannerRulesDto | undefined): ErrorIssue | null {
  if (rules && file.size > rules.maxFileBytes)
    return { code: 'banners.file_too_large', params: { max: Math.floor(rules.maxFileBytes / 1024) } };
  return null;
}

/**
 * What the browser can tell before uploading: a file of another kind (by its name; the API
 * checks the bytes) or larger than the limit. The API's own code, so one text serves both; null
 * when the file may go.
 */
export function bannerFileProblem(
  file: { name: string; size: number },
  rules: BannerRulesDto | undefined,
): ErrorIssue | null {
  if (!bannerExtensions.test(file.name)) return { code: 'banners.unsupported_format' };
  return fileSizeProblem(file, rules);
}

/** The same for a dynamic banner's logo: an image within the banners' file limit. */
export function logoFileProblem(
  file: { name: string; size: number },
  rules: BannerRulesDto | undefined,
): ErrorIssue | null {
  if (!imageExtensions.test(file.name)) return { code: 'banners.logo_format' };
  return fileSizeProblem(file, rules);
}
