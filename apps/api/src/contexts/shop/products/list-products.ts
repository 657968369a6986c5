import { products } from '@rtb/db';
import type { ProductDetail, ProductFacets, ProductListQuery } from '@rtb/shared';
import type { AppDeps } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { listOfPage } from '../../../core/list';
import { toProductDto } from './dto';
import { distinctValues, findProduct, listProducts } from './repository';

/** Values offered per filter: enough for a dropdown (the search finds the rest). */
const MAX_FACET_VALUES = 500;

/** A page of the advertiser's products: search, availability, brand, type and state. */
export async function listProductsPage(deps: AppDeps, advertiserId: number, query: ProductListQuery) {
  const { rows, total } = await listProducts(deps.db, advertiserId, query);
  return listOfPage(rows.map(toProductDto), query, total);
}

/** One of the advertiser's products by our key, with what the tag saw of it; 404 for another's, as for none. */
export async function getProduct(deps: AppDeps, advertiserId: number, key: number): Promise<ProductDetail> {
  const row = await findProduct(deps.db, key, advertiserId);
  if (!row) throw notFound();
  return {
    ...toProductDto(row),
    tagActivity: await deps.productTagActivity(deps, advertiserId, row.productId),
  };
}

/** The brands and product types of the advertiser's active products, for the filters. */
export async function productFacets(deps: AppDeps, advertiserId: number): Promise<ProductFacets> {
  const [brands, productTypes] = await Promise.all([
    distinctValues(deps.db, advertiserId, products.brand, MAX_FACET_VALUES),
    distinctValues(deps.db, advertiserId, products.productType, MAX_FACET_VALUES),
  ]);
  return { brands, productTypes };
}

/** What the image proxy needs of a product: whose it is and its image URL; null for no such key. */
export async function productImageSource(
  deps: AppDeps,
  key: number,
): Promise<{ advertiserId: number; imageLink: string } | null> {
  const row = await findProduct(deps.db, key);
  return row && { advertiserId: row.advertiserId, imageLink: row.imageLink };
}
