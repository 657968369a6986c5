import type { FeedProduct } from '@rtb/shared';

/**
 * The columns of `products` a feed writes, with their SQL types: the keys of a batch's JSON rows
 * (`productRow`), which `upsertProducts` reads with `jsonb_to_recordset`. This module imports
 * nothing at run time, so the thread that reads feeds can load it.
 */
export const productRowColumns = {
  product_id: 'text',
  title: 'text',
  description: 'text',
  link: 'text',
  image_link: 'text',
  additional_image_links: 'jsonb',
  price_micros: 'bigint',
  price_currency: 'text',
  sale_price_micros: 'bigint',
  sale_price_currency: 'text',
  availability: 'text',
  brand: 'text',
  gtin: 'text',
  mpn: 'text',
  condition: 'text',
  google_product_category: 'text',
  product_type: 'text',
  item_group_id: 'text',
  custom_label_0: 'text',
  custom_label_1: 'text',
  custom_label_2: 'text',
  custom_label_3: 'text',
  custom_label_4: 'text',
  extra: 'jsonb',
  content_hash: 'text',
} as const;

/** A value of a row, or no key at all for null (`jsonb_to_recordset` reads a missing key as null): shorter batches. */
const absentIfNull = <T>(value: T | null): T | undefined => value ?? undefined;

/** A product as one JSON row of a batch: its columns, and `position`, the feed row it came from. */
export function productRow(product: FeedProduct, hash: string, position: number): string {
  const p = product;
  return JSON.stringify({
    position,
    product_id: p.id,
    title: p.title,
    description: absentIfNull(p.description),
    link: p.link,
    image_link: p.imageLink,
    additional_image_links: p.additionalImageLinks,
    price_micros: p.price.micros,
    price_currency: absentIfNull(p.price.currency),
    sale_price_micros: p.salePrice?.micros,
    sale_price_currency: absentIfNull(p.salePrice?.currency ?? null),
    availability: p.availability,
    brand: absentIfNull(p.brand),
    gtin: absentIfNull(p.gtin),
    mpn: absentIfNull(p.mpn),
    condition: absentIfNull(p.condition),
    google_product_category: absentIfNull(p.googleProductCategory),
    product_type: absentIfNull(p.productType),
    item_group_id: absentIfNull(p.itemGroupId),
    custom_label_0: absentIfNull(p.customLabels[0]),
    custom_label_1: absentIfNull(p.customLabels[1]),
    custom_label_2: absentIfNull(p.customLabels[2]),
    custom_label_3: absentIfNull(p.customLabels[3]),
    custom_label_4: absentIfNull(p.customLabels[4]),
    extra: p.extra,
    content_hash: hash,
  } satisfies Record<keyof typeof productRowColumns | 'position', unknown>);
}
