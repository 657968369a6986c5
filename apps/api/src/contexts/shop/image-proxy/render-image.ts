import type { ProductImageBox } from '@rtb/shared';

/** Decompression bombs: a source image above this many pixels is refused before it is decoded. */
const MAX_INPUT_PIXELS = 40_000_000;

export class UnreadableImageError extends Error {}

/**
 * A shop's image made fit for a banner: its first frame, turned upright by its EXIF orientation,
 * fitted inside `box` x `box` without enlarging, as WebP. Metadata (EXIF, ICC, XMP) is dropped.
 * Anything sharp cannot read as an image (an HTML error page, SVG, a truncated file) is refused.
 */
export async function renderProductImage(source: Buffer, box: ProductImageBox): Promise<Buffer> {
  // Loaded with the first image: sharp holds about 19 MB that a process never serving one need not.
  const { default: sharp } = await import('sharp');
  try {
    const image = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error', pages: 1 });
    const { format } = await image.metadata();
    if (!format || !['jpeg', 'png', 'webp', 'gif', 'avif', 'tiff'].includes(format))
      throw new UnreadableImageError(`not a raster image (${format ?? 'unknown'})`);
    return await image
      .rotate()
      .resize(box, box, { fit: 'inside', withoutEnlargement: true })
      .webp({ quality: 80 })
      .toBuffer();
  } catch (error) {
    if (error instanceof UnreadableImageError) throw error;
    throw new UnreadableImageError((error as Error).message);
  }
}
