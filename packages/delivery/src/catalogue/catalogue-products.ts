import type { Database } from '@rtb/db';
import type { CatalogueProduct } from '@rtb/rtb';
import { shownSalePrice } from '@rtb/shared';
import { productImageUrlTemplate } from './image-path';
import { catalogueRowsByIds } from './repository';

/**
 * Some products of one advertiser's feed as the bidder's catalogue keeps them for dynamic banners
 * (ids the feed lacks are left out). Available means in stock and still in the feed; a sale price
 * counts only when it is lower than the price and in the same currency.
 */
export async function catalogueProducts(
  db: Database,
  advertiserId: number,
  productIds: readonly string[],
): Promise<CatalogueProduct[]> {
  const rows = await catalogueRowsByIds(db, advertiserId, [...new Set(productIds)]);
  return rows.map((row) => ({
    advertiserId,
    id: row.productId,
    key: row.key,
    title: row.title,
    priceMicros: row.priceMicros,
    salePriceMicros: shownSalePrice(
      { micros: row.priceMicros, currency: row.priceCurrency },
      row.salePriceMicros === null ? null : { micros: row.salePriceMicros, currency: row.salePriceCurrency },
    ),
    currency: row.priceCurrency?.trim() ?? null,
    link: row.link,
    imageUrlTemplate: productImageUrlTemplate(row.key, row.imageLink),
    available: row.availability === 'in_stock' && row.removedAt === null,
  }));
}
