import { createHash } from 'node:crypto';
import type { FeedProduct } from '@rtb/shared';

/**
 * A product's content as one SHA-256 (hex): an import compares it with the stored one to tell
 * updated from unchanged. The attributes go in a fixed order, `extra` by sorted key, so the
 * same product always hashes the same whatever order its feed wrote things in.
 */
export function contentHash(product: FeedProduct): string {
  const extra = Object.keys(product.extra)
    .sort()
    .map((key) => [key, product.extra[key]]);
  return createHash('sha256')
    .update(
      JSON.stringify([
        product.id,
        product.title,
        product.description,
        product.link,
        product.imageLink,
        product.additionalImageLinks,
        product.price,
        product.salePrice,
        product.availability,
        product.brand,
        product.gtin,
        product.mpn,
        product.condition,
        product.googleProductCategory,
        product.productType,
        product.itemGroupId,
        product.customLabels,
        extra,
      ]),
    )
    .digest('hex');
}
