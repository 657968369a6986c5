import {
  feedImportRejectionsResponse,
  feedImportResponse,
  feedImportsResponse,
  idParams,
  pageQuery,
  productFacetsResponse,
  productFeedBody,
  productFeedResponse,
  productKeyParams,
  productListQuery,
  productResponse,
  productsResponse,
  savedProductFeedResponse,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { acceptMultipart, actorOf } from '../../platform';
import { toFeedImportDto } from './dto';
import { getProductFeed } from './get-product-feed';
import { feedImportOf, listImportsPage, listRejectionsPage } from './list-imports';
import { getProduct, listProductsPage, productFacets } from './list-products';
import { receiveFeedUpload } from './receive-upload';
import { refreshFeed } from './refresh-feed';
import { rejectionsCsv } from './rejections-csv';
import { setProductFeed } from './set-product-feed';
import { queueUploadedFeed } from './upload-feed';

/**
 * `/api/advertiser/product-feed` and `/api/advertiser/products`: the advertiser's feed (a URL on
 * a schedule, or uploaded files), its imports (run by the feed worker; their progress polled
 * here) with their rejected rows, and the products they keep. The advertiser is the token's.
 */
export const productRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await acceptMultipart(app);
  const tags = ['advertiser products'];
  const read: RouteAccess = { kind: 'advertiser', permission: ['integrations', 'read'] };
  const write: RouteAccess = { kind: 'advertiser', permission: ['integrations', 'write'] };

  app.get('/product-feed', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The product feed: its source, schedule, newest imports and product count (null until set up)',
      response: { 200: productFeedResponse },
    },
    handler: async (request) => ({
      data: { productFeed: await getProductFeed(deps, ownAdvertiserId(request)) },
    }),
  });

  app.put('/product-feed', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Set the feed’s source: a URL fetched hourly or daily (the first fetch soon), or uploads',
      body: productFeedBody,
      response: { 200: savedProductFeedResponse },
    },
    handler: async (request) => {
      const advertiserId = ownAdvertiserId(request);
      return {
        data: {
          productFeed: await inTransaction(deps, (tx) =>
            setProductFeed(tx, advertiserId, request.body, actorOf(request)),
          ),
        },
      };
    },
  });

  app.post('/product-feed/uploads', {
    config: { access: write },
    schema: {
      tags,
      summary:
        'Upload a feed file (multipart/form-data, field `file`: Merchant Center XML, CSV or TSV, gzipped or not); answers the queued import',
      consumes: ['multipart/form-data'],
      response: { 202: feedImportResponse },
    },
    handler: async (request, reply) => {
      const advertiserId = ownAdvertiserId(request);
      const file = await receiveFeedUpload(deps, request);
      const feedImport = await inTransaction(deps, (tx) => queueUploadedFeed(tx, advertiserId, file));
      reply.code(202);
      return { data: { feedImport } };
    },
  });

  app.post('/product-feed/refresh', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Fetch the URL feed now (answers the queued import, or the one already waiting or running)',
      response: { 202: feedImportResponse },
    },
    handler: async (request, reply) => {
      const advertiserId = ownAdvertiserId(request);
      const feedImport = await inTransaction(deps, (tx) => refreshFeed(tx, advertiserId));
      reply.code(202);
      return { data: { feedImport } };
    },
  });

  app.get('/product-feed/imports', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The feed’s imports, newest first, each with its progress and summary',
      querystring: pageQuery,
      response: { 200: feedImportsResponse },
    },
    handler: async (request) => ({
      data: { feedImports: await listImportsPage(deps, ownAdvertiserId(request), request.query) },
    }),
  });

  app.get('/product-feed/imports/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One import: its status, progress (bytes and items read) and summary',
      params: idParams,
      response: { 200: feedImportResponse },
    },
    handler: async (request) => ({
      data: {
        feedImport: toFeedImportDto(await feedImportOf(deps, ownAdvertiserId(request), request.params.id)),
      },
    }),
  });

  app.get('/product-feed/imports/:id/rejections', {
    config: { access: read },
    schema: {
      tags,
      summary:
        'The rejected rows of an import in feed order: row or item number, product id, attribute, reason',
      params: idParams,
      querystring: pageQuery,
      response: { 200: feedImportRejectionsResponse },
    },
    handler: async (request) => ({
      data: {
        rejections: await listRejectionsPage(
          deps,
          ownAdvertiserId(request),
          request.params.id,
          request.query,
        ),
      },
    }),
  });

  app.get('/product-feed/imports/:id/rejections/download', {
    config: { access: read, download: true },
    schema: {
      tags,
      summary: 'The rejected rows of an import as CSV (position, product id, attribute, reason)',
      params: idParams,
    },
    handler: async (request, reply) => {
      const { id } = request.params;
      const csv = await rejectionsCsv(deps, ownAdvertiserId(request), id);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="feed-import-${id}-rejections.csv"`)
        .send(csv);
    },
  });

  app.get('/products', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The feed’s products: search (id, title, brand, GTIN, MPN), availability, brand, type, state',
      querystring: productListQuery,
      response: { 200: productsResponse },
    },
    handler: async (request) => ({
      data: { products: await listProductsPage(deps, ownAdvertiserId(request), request.query) },
    }),
  });

  app.get('/products/facets', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The brands and product types of the active products, for the filters',
      response: { 200: productFacetsResponse },
    },
    handler: async (request) => ({
      data: { productFacets: await productFacets(deps, ownAdvertiserId(request)) },
    }),
  });

  app.get('/products/:key', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One product by its key',
      params: productKeyParams,
      response: { 200: productResponse },
    },
    handler: async (request) => ({
      data: { product: await getProduct(deps, ownAdvertiserId(request), request.params.key) },
    }),
  });
};
