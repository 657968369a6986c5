import { type Database, products } from '@rtb/db';
import { and, eq, inArray } from 'drizzle-orm';

/** Which of `productIds` the advertiser's feed has (removed ones too: the tag may name them), with their types. */
export async function productTypesByIds(
  db: Database,
  advertiserId: number,
  productIds: readonly string[],
): Promise<{ productId: string; productType: string | null }[]> {
  if (!productIds.length) return [];
  return db
    .select({ productId: products.productId, productType: products.productType })
    .from(products)
    .where(and(eq(products.advertiserId, advertiserId), inArray(products.productId, [...productIds])));
}

/** The catalogue rows of some products of one advertiser (any state: the caller judges availability). */
export async function catalogueRowsByIds(db: Database, advertiserId: number, productIds: readonly string[]) {
  if (!productIds.length) return [];
  return db
    .select({
      key: products.id,
      productId: products.productId,
      title: products.title,
      link: products.link,
      imageLink: products.imageLink,
      priceMicros: products.priceMicros,
      priceCurrency: products.priceCurrency,
      salePriceMicros: products.salePriceMicros,
      salePriceCurrency: products.salePriceCurrency,
      availability: products.availability,
      removedAt: products.removedAt,
    })
    .from(products)
    .where(and(eq(products.advertiserId, advertiserId), inArray(products.productId, [...productIds])));
}
