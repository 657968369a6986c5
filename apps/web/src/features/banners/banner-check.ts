import { type BannerRulesDto, bannerMessages } from '@rtb/shared';

/** What the picker offers: the image formats the API recognises, and ZIP archives (HTML5). */
export const bannerAccept =
  '.jpg,.jpeg,.png,.gif,.webp,.zip,image/jpeg,image/png,image/gif,image/webp,application/zip';

/** A dynamic banner's logo: an image only. */
export const logoAccept = '.jpg,.jpeg,.png,.gif,.webp,image/jpeg,image/png,image/gif,image/webp';

const bannerExtensions = /\.(jpe?g|png|gif|webp|zip)$/i;
const imageExtensions = /\.(jpe?g|png|gif|webp)$/i;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

function fileSizeProblem(file: { size: number }, rules: BannerRulesDto | undefined) {
  if (rules && file.size > rules.maxFileBytes)
    return fill(bannerMessages.fileTooLarge, { max: Math.floor(rules.maxFileBytes / 1024) });
  return null;
}

/**
 * What the browser can tell before uploading: a file of another kind (by its name; the API
 * checks the bytes) or larger than the limit. The API's own text, so one translation serves
 * both; null when the file may go.
 */
export function bannerFileProblem(file: { name: string; size: number }, rules: BannerRulesDto | undefined) {
  if (!bannerExtensions.test(file.name)) return bannerMessages.unsupportedFormat;
  return fileSizeProblem(file, rules);
}

/** The same for a dynamic banner's logo: an image within the banners' file limit. */
export function logoFileProblem(file: { name: string; size: number }, rules: BannerRulesDto | undefined) {
  if (!imageExtensions.test(file.name)) return bannerMessages.logoFormat;
  return fileSizeProblem(file, rules);
}
