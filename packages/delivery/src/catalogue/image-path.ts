import { createHash } from 'node:crypto';

/**
 * Where our image proxy serves a product's image in every box: `/img/products/<key>/{box}x{box}/<version>`
 * (`productImageUrl` in packages/shared fills the box in). The version is the first 12 hex digits
 * of the image URL's SHA-256, so a new image gets a new path (cached copies of the old one are
 * never shown for it) and the shop's URL never appears.
 */
export function productImageUrlTemplate(key: number, imageLink: string): string {
  const version = createHash('sha256').update(imageLink).digest('hex').slice(0, 12);
  return `/img/products/${key}/{box}x{box}/${version}`;
}

/** The proxy's path of a product's image at one size (`/img/products/<key>/<w>x<h>/<version>`). */
export function productImagePath(
  key: number,
  imageLink: string,
  size: { width: number; height: number },
): string {
  return productImageUrlTemplate(key, imageLink).replace('{box}x{box}', `${size.width}x${size.height}`);
}
