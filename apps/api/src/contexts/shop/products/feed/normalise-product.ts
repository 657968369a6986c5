import type {
  FeedProduct,
  FeedRejection,
  FeedRejectionReason,
  ProductAvailability,
  ProductCondition,
  ProductPrice,
} from '@rtb/shared';
import { parsePrice } from './parse-price';

/** One item's or row's attributes: normalised name (`attributeName`) -> its values, in feed order. */
export type RawAttributes = ReadonlyMap<string, readonly string[]>;

/** What the parsers yield per item or row; `row` is the item number (XML) or line (CSV, TSV). */
export type FeedRow =
  | { ok: true; row: number; product: FeedProduct }
  | { ok: false; row: number; rejections: FeedRejection[] };

/** Longest values kept, in characters (Merchant Center's limits where it has them). */
const maxLength = {
  id: 50,
  title: 150,
  description: 5000,
  url: 2000,
  brand: 70,
  gtin: 50,
  mpn: 70,
  category: 750,
  itemGroupId: 50,
  customLabel: 100,
  extra: 5000,
} as const;

/** Merchant Center shows at most 10 additional images; later ones are ignored, as there. */
const MAX_ADDITIONAL_IMAGES = 10;

const availabilities = new Map<string, ProductAvailability>([
  ['in_stock', 'in_stock'],
  ['out_of_stock', 'out_of_stock'],
  ['preorder', 'preorder'],
  ['pre_order', 'preorder'],
  ['backorder', 'backorder'],
  ['back_order', 'backorder'],
]);
const conditions = new Set<string>(['new', 'refurbished', 'used'] satisfies ProductCondition[]);

const customLabelNames = [0, 1, 2, 3, 4].map((index) => `custom_label_${index}`);
const knownAttributes = new Set([
  'id',
  'title',
  'description',
  'link',
  'image_link',
  'additional_image_link',
  'price',
  'sale_price',
  'availability',
  'brand',
  'gtin',
  'mpn',
  'condition',
  'google_product_category',
  'product_type',
  'item_group_id',
  ...customLabelNames,
]);

/**
 * Turns one item's attributes into a product, or lists everything wrong with it. Values are
 * trimmed and an empty one counts as absent; a single-valued attribute given twice keeps its
 * first value (the XML parser puts `g:` values first).
 */
export function normaliseProduct(raw: RawAttributes, row: number): FeedRow {
  const rejections: FeedRejection[] = [];
  const reject = (attribute: string, reason: FeedRejectionReason) => {
    rejections.push({ attribute, reason });
  };
  const rejected = (attribute: string) => rejections.some((rejection) => rejection.attribute === attribute);

  const text = (name: string, max: number): string | null => {
    const value = firstValue(raw, name);
    if (value !== null && isLonger(value, max)) {
      reject(name, 'too_long');
      return null;
    }
    return value;
  };
  const required = (name: string, max: number, missing: FeedRejectionReason): string | null => {
    const value = text(name, max);
    if (value === null && !rejected(name)) reject(name, missing);
    return value;
  };
  const webUrl = (name: string, value: string | null, invalid: FeedRejectionReason): string | null => {
    if (value === null) return null;
    const url = parseWebUrl(value);
    if (url === null) reject(name, invalid);
    return url;
  };
  const price = (name: string, missing: FeedRejectionReason | null): ProductPrice | null => {
    const value = firstValue(raw, name);
    if (value === null) {
      if (missing) reject(name, missing);
      return null;
    }
    const parsed = parsePrice(value);
    if (parsed === null) reject(name, 'invalid_price');
    return parsed;
  };

  const id = required('id', maxLength.id, 'missing_id');
  const title = required('title', maxLength.title, 'missing_title');
  const description = text('description', maxLength.description);
  const link = webUrl('link', required('link', maxLength.url, 'missing_link'), 'invalid_link');
  const imageLink = webUrl(
    'image_link',
    required('image_link', maxLength.url, 'missing_image_link'),
    'invalid_image_link',
  );
  const additionalImageLinks = additionalImages(raw).flatMap((value) => {
    if (isLonger(value, maxLength.url)) {
      reject('additional_image_link', 'too_long');
      return [];
    }
    return webUrl('additional_image_link', value, 'invalid_image_link') ?? [];
  });
  const regularPrice = price('price', 'missing_price');
  const salePrice = price('sale_price', null);
  const availabilityText = required('availability', Number.POSITIVE_INFINITY, 'missing_availability');
  const availability = availabilityText === null ? null : availabilities.get(asKeyword(availabilityText));
  if (availability === undefined) reject('availability', 'invalid_availability');
  const conditionText = firstValue(raw, 'condition');
  const condition = conditionText === null ? null : asKeyword(conditionText);
  if (condition !== null && !conditions.has(condition)) reject('condition', 'invalid_condition');

  const product = {
    description,
    additionalImageLinks,
    salePrice,
    brand: text('brand', maxLength.brand),
    gtin: text('gtin', maxLength.gtin),
    mpn: text('mpn', maxLength.mpn),
    condition: condition as ProductCondition | null,
    googleProductCategory: text('google_product_category', maxLength.category),
    productType: text('product_type', maxLength.category),
    itemGroupId: text('item_group_id', maxLength.itemGroupId),
    customLabels: customLabelNames.map((name) =>
      text(name, maxLength.customLabel),
    ) as FeedProduct['customLabels'],
    extra: extraAttributes(raw, reject),
  };
  if (rejections.length > 0 || !id || !title || !link || !imageLink || !regularPrice || !availability) {
    return { ok: false, row, rejections };
  }
  return {
    ok: true,
    row,
    product: { id, title, link, imageLink, price: regularPrice, availability, ...product },
  };
}

function firstValue(raw: RawAttributes, name: string): string | null {
  for (const value of raw.get(name) ?? []) {
    const trimmed = value.trim();
    if (trimmed !== '') return trimmed;
  }
  return null;
}

/** Lengths count characters (code points), not UTF-16 units; the cheap check comes first. */
function isLonger(value: string, max: number): boolean {
  return value.length > max && [...value].length > max;
}

/** `In Stock`, `in-stock` and `in_stock` are the same keyword. */
function asKeyword(value: string): string {
  return value.toLowerCase().replace(/[\s-]+/g, '_');
}

/** Absolute http(s) URLs only (no `javascript:`, `data:` or relative ones), as the URL parser writes them. */
function parseWebUrl(value: string): string | null {
  if (!/^https?:\/\//i.test(value)) return null;
  try {
    const url = new URL(value);
    return url.hostname === '' ? null : url.href;
  } catch {
    return null;
  }
}

/**
 * Repeated elements in XML; in CSV and TSV one cell with the links separated by commas, as
 * Merchant Center's text feeds write them (a comma counts only before the next `http`).
 */
function additionalImages(raw: RawAttributes): string[] {
  return (raw.get('additional_image_link') ?? [])
    .flatMap((value) => value.split(/,(?=\s*https?:\/\/)/i))
    .map((value) => value.trim())
    .filter((value) => value !== '')
    .slice(0, MAX_ADDITIONAL_IMAGES);
}

/** Attributes this contract does not name, kept as text (repeated ones joined with `,`). */
function extraAttributes(
  raw: RawAttributes,
  reject: (attribute: string, reason: FeedRejectionReason) => void,
): Record<string, string> {
  const entries: [string, string][] = [];
  for (const [name, values] of raw) {
    if (knownAttributes.has(name) || name === '') continue;
    const value = values
      .map((each) => each.trim())
      .filter((each) => each !== '')
      .join(',');
    if (value === '') continue;
    if (isLonger(value, maxLength.extra)) reject(name, 'too_long');
    else entries.push([name, value]);
  }
  // fromEntries defines own properties, so a column named `__proto__` stays a plain key.
  return Object.fromEntries(entries);
}
