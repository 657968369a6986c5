import { type BannerRulesDto, bannerMessages } from '@rtb/shared';

/** What the picker offers: the image formats the API recognises, and ZIP archives (HTML5). */
export const bannerAccept =
  '.jpg,.jpeg,.png,.gif,.webp,.zip,image/jpeg,image/png,image/gif,image/webp,application/zip';

const extensions = /\.(jpe?g|png|gif|webp|zip)$/i;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name]));

/**
 * What the browser can tell before uploading: a file of another kind (by its name; the API
 * checks the bytes) or larger than the limit. The API's own text, so one translation serves
 * both; null when the file may go.
 */
export function bannerFileProblem(file: { name: string; size: number }, rules: BannerRulesDto | undefined) {
  if (!extensions.test(file.name)) return bannerMessages.unsupportedFormat;
  if (rules && file.size > rules.maxFileBytes)
    return fill(bannerMessages.fileTooLarge, { max: Math.floor(rules.maxFileBytes / 1024) });
  return null;
}
