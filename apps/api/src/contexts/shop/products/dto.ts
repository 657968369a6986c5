import { productImagePath, productImageUrlTemplate } from '@rtb/delivery';
import { type FeedImport, type Product, type ProductFeed, toApiDateTime } from '@rtb/shared';
import type { FeedImportRecord, FeedRecord, ProductRecord } from './repository';

/** The browser's thumbnails: our proxy's copy of the product image at this size. */
export const THUMBNAIL_SIZE = { width: 96, height: 96 } as const;

const dateTime = (value: Date | null) => (value ? toApiDateTime(value) : null);

export function toFeedImportDto(row: FeedImportRecord): FeedImport {
  return {
    id: row.id,
    trigger: row.trigger,
    status: row.status,
    format: row.format,
    bytesRead: row.bytesRead,
    bytesTotal: row.bytesTotal,
    itemsRead: row.itemsRead,
    summary: {
      added: row.added,
      updated: row.updated,
      unchanged: row.unchanged,
      removed: row.removed,
      rejected: row.rejected,
    },
    errorCode: row.errorCode,
    errorDetail: row.errorDetail,
    createdAt: toApiDateTime(row.createdAt),
    startedAt: dateTime(row.startedAt),
    finishedAt: dateTime(row.finishedAt),
  };
}

export function toProductFeedDto(
  feed: FeedRecord,
  facts: {
    lastImport: FeedImportRecord | null;
    lastSuccessfulImport: FeedImportRecord | null;
    productCount: number;
  },
): ProductFeed {
  return {
    source: feed.source,
    url: feed.url,
    schedule: feed.schedule,
    nextFetchAt: dateTime(feed.nextFetchAt),
    lastImport: facts.lastImport && toFeedImportDto(facts.lastImport),
    lastSuccessfulImport: facts.lastSuccessfulImport && toFeedImportDto(facts.lastSuccessfulImport),
    productCount: facts.productCount,
  };
}

const price = (micros: number | null, currency: string | null) =>
  micros === null ? null : { micros, currency };

export function toProductDto(row: ProductRecord): Product {
  return {
    key: row.id,
    id: row.productId,
    title: row.title,
    description: row.description,
    link: row.link,
    imageLink: row.imageLink,
    additionalImageLinks: row.additionalImageLinks,
    price: { micros: row.priceMicros, currency: row.priceCurrency },
    salePrice: price(row.salePriceMicros, row.salePriceCurrency),
    availability: row.availability,
    brand: row.brand,
    gtin: row.gtin,
    mpn: row.mpn,
    condition: row.condition,
    googleProductCategory: row.googleProductCategory,
    productType: row.productType,
    itemGroupId: row.itemGroupId,
    customLabels: [row.customLabel0, row.customLabel1, row.customLabel2, row.customLabel3, row.customLabel4],
    extra: row.extra,
    thumbnailUrl: productImagePath(row.id, row.imageLink, THUMBNAIL_SIZE),
    imageUrlTemplate: productImageUrlTemplate(row.id, row.imageLink),
    removedAt: dateTime(row.removedAt),
    firstSeenAt: toApiDateTime(row.firstSeenAt),
    updatedAt: toApiDateTime(row.updatedAt),
  };
}

/** What the activity log keeps of the feed's settings. */
export const auditedFeed = (feed: FeedRecord) => ({
  source: feed.source,
  url: feed.url,
  schedule: feed.schedule,
});
