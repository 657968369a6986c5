import { extname } from 'node:path';
import { type BannerType, bannerMessages, formatBannerSize, servedBannerSize } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { invalidField } from '../../../core/errors';
import { fill } from '../../../core/fill';
import type { IncomingFile } from '../../platform';
import { bannerRules } from './banner-rules';
import { checkHtml5Banner, HTML5_ENTRY } from './html5-banner';
import { type ImageFormat, imageFormats, readImage, sniffCreative } from './image-file';
import { type ArchiveFile, ArchiveRefused, readArchive } from './zip-archive';

/** A creative file that passed every check, ready to be stored and described. */
export interface Creative {
  type: BannerType;
  /** The size it serves at (half a 2x file's pixels); a logo's pixels. */
  width: number;
  height: number;
  mimeType: string;
  /** Bytes of the file as uploaded (the image, or the ZIP). */
  fileSize: number;
  animated: boolean;
  fileCount: number | null;
  /** The file to open: `banner.<ext>`, `index.html`, or a dynamic banner's `logo.<ext>`. */
  entry: string;
  files: ArchiveFile[];
  /** The uploaded file's name without its extension (the banner's name when none is given). */
  baseName: string;
}

const refuse = (message: string) => invalidField('file', message);

/** The uploaded file's name without its extension (the banner's name when none is given). */
const baseNameOf = (file: IncomingFile) =>
  file.filename.slice(0, file.filename.length - extname(file.filename).length).trim();

/**
 * An image file of a known format as a creative of its pixels, stored as `<stem>.<ext>` (the
 * caller decides its type and the size it serves at); a 422 on `file` when it is unreadable.
 */
export function imageCreative(format: ImageFormat, file: IncomingFile, stem: string): Creative {
  const image = readImage(format, file.data);
  if (!image) throw refuse(bannerMessages.unreadableImage);
  const { mimeType, extension } = imageFormats[format];
  const entry = `${stem}.${extension}`;
  return {
    type: 'image',
    width: image.width,
    height: image.height,
    mimeType,
    animated: image.animated,
    fileCount: null,
    entry,
    files: [{ path: entry, data: file.data }],
    fileSize: file.data.length,
    baseName: baseNameOf(file),
  };
}

/** An HTML5 banner's ZIP as a creative of the size its index.html declares. */
async function html5Creative(file: IncomingFile): Promise<Creative> {
  try {
    const files = await readArchive(file.data);
    return {
      type: 'html5',
      ...checkHtml5Banner(files),
      mimeType: 'application/zip',
      animated: false,
      fileCount: files.length,
      entry: HTML5_ENTRY,
      files,
      fileSize: file.data.length,
      baseName: baseNameOf(file),
    };
  } catch (error) {
    if (error instanceof ArchiveRefused) throw refuse(error.message);
    throw error;
  }
}

/**
 * Checks an uploaded creative (its size limit is the multipart reader's): an image (JPEG, PNG,
 * GIF, WebP) or an HTML5 ZIP, told apart by the bytes, never by the name or declared type; its
 * size one of `banner_sizes` or twice one. Every refusal is a 422 on `file` saying what is allowed.
 */
export async function analyseCreative(deps: AppDeps, file: IncomingFile): Promise<Creative> {
  const format = sniffCreative(file.data);
  if (!format) throw refuse(bannerMessages.unsupportedFormat);
  const { sizes } = await bannerRules(deps);
  const creative = format === 'zip' ? await html5Creative(file) : imageCreative(format, file, 'banner');
  const served = servedBannerSize(creative.width, creative.height, sizes);
  if (!served)
    throw refuse(
      fill(bannerMessages.sizeNotAllowed, {
        size: formatBannerSize(creative.width, creative.height),
        sizes: sizes.join(', '),
      }),
    );
  return { ...creative, ...served };
}
