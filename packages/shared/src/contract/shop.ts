import { statusHistoryQuery } from '../schemas/organisations';
import {
  feedImportRejectionsResponse,
  feedImportResponse,
  feedImportsResponse,
  productFacetsResponse,
  productFeedBody,
  productFeedResponse,
  productListQuery,
  productResponse,
  productsResponse,
  savedProductFeedResponse,
} from '../schemas/products';
import { route } from './route';

/** The advertiser's product feed, its imports and the products (`shop/products`). */
export const products = {
  feed: route('GET', '/advertiser/product-feed', { response: productFeedResponse }),
  saveFeed: route('PUT', '/advertiser/product-feed', {
    body: productFeedBody,
    response: savedProductFeedResponse,
  }),
  /** A feed file. */
  uploadFeed: route('POST', '/advertiser/product-feed/uploads', {
    body: 'multipart',
    response: feedImportResponse,
  }),
  refreshFeed: route('POST', '/advertiser/product-feed/refresh', { response: feedImportResponse }),
  imports: route('GET', '/advertiser/product-feed/imports', {
    query: statusHistoryQuery,
    response: feedImportsResponse,
  }),
  rejections: route('GET', '/advertiser/product-feed/imports/:id/rejections', {
    query: statusHistoryQuery,
    response: feedImportRejectionsResponse,
  }),
  list: route('GET', '/advertiser/products', { query: productListQuery, response: productsResponse }),
  facets: route('GET', '/advertiser/products/facets', { response: productFacetsResponse }),
  one: route('GET', '/advertiser/products/:key', { response: productResponse }),
};
