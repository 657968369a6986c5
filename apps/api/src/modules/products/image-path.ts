import { createHash } from 'node:crypto';

/**
 * Where our image proxy serves a product's image at a size: `/img/products/<key>/<w>x<h>/<version>`.
 * The version is the first 12 hex digits of the image URL's SHA-256, so a new image gets a new
 * path (cached copies of the old one are never shown for it) and the shop's URL never appears.
 */
export function productImagePath(
  key: number,
  imageLink: string,
  size: { width: number; height: number },
): string {
  const version = createHash('sha256').update(imageLink).digest('hex').slice(0, 12);
  return `/img/products/${key}/${size.width}x${size.height}/${version}`;
}
