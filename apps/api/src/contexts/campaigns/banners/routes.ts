import {
  adminBannersQuery,
  bannerMessages,
  bannerResponse,
  bannerRulesResponse,
  bannerStatusBody,
  bannersQuery,
  bannersResponse,
  bannerUpdateBody,
  bannerUploadBody,
  dynamicBannerBody,
  dynamicTemplateSchema,
  idParams,
} from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ownAdvertiserId, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { acceptMultipart, actorOf, incomingFileField, multipartBody } from '../../platform';
import { bannerFileLimit, bannerRules } from './banner-rules';
import { changeBannerStatus } from './change-banner-status';
import { createBanner } from './create-banner';
import { analyseCreative } from './creative-file';
import { getBanner } from './get-banner';
import { checkLandingUrl } from './landing-url';
import { listBannersPage } from './list-banners';
import { analyseLogo } from './logo-file';
import { replaceBannerFile } from './replace-banner-file';
import type { BannerScope } from './repository';
import { updateBannerDetails } from './update-banner';
import { updateBannerTemplate } from './update-banner-template';

const file = incomingFileField(bannerMessages.fileRequired);

/** The advertiser's own banners: from the token, never from a body or header. */
const ownBanners = (request: FastifyRequest): BannerScope => ({ advertiserId: ownAdvertiserId(request) });

/**
 * `/api/advertiser/banners`: the advertiser's creatives (also an agency user's, logged in as
 * the advertiser). Files come as multipart/form-data, one per request, in `file`.
 */
export const bannerRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await acceptMultipart(app);
  const tags = ['advertiser banners'];
  const read: RouteAccess = { kind: 'advertiser', permission: ['banners', 'read'] };
  const write: RouteAccess = { kind: 'advertiser', permission: ['banners', 'write'] };
  const fileUpload = multipartBody('file', () => bannerFileLimit(deps));

  app.get('/banners', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The advertiser’s banners (search by name, filter by status, type and size)',
      querystring: bannersQuery,
      response: { 200: bannersResponse },
    },
    handler: async (request) => ({
      data: { banners: await listBannersPage(deps, ownBanners(request), request.query) },
    }),
  });

  app.get('/banners/rules', {
    config: { access: read },
    schema: {
      tags,
      summary: 'What a banner file may be: sizes, file size, HTML5 limits',
      response: { 200: bannerRulesResponse },
    },
    handler: async () => ({ data: { bannerRules: await bannerRules(deps) } }),
  });

  app.post('/banners', {
    config: { access: write },
    preValidation: fileUpload,
    schema: {
      tags,
      summary: 'Upload a banner: an image (JPEG, PNG, GIF, WebP) or an HTML5 ZIP, with its landing page',
      consumes: ['multipart/form-data'],
      body: bannerUploadBody.extend({ file }),
      response: { 201: bannerResponse },
    },
    handler: async (request, reply) => {
      const advertiserId = ownAdvertiserId(request);
      const actor = actorOf(request);
      const creative = await analyseCreative(deps, request.body.file);
      await checkLandingUrl(deps, request.body.landingUrl, actor);
      const banner = await inTransaction(deps, (tx) =>
        createBanner(tx, advertiserId, creative, request.body, actor),
      );
      reply.code(201);
      return { data: { banner } };
    },
  });

  app.post('/banners/dynamic', {
    config: { access: write },
    preValidation: fileUpload,
    schema: {
      tags,
      summary:
        'Create a dynamic banner: its template and logo (an image, in `file`); it shows products of the feed in every allowed size',
      consumes: ['multipart/form-data'],
      body: dynamicBannerBody.extend({ file }),
      response: { 201: bannerResponse },
    },
    handler: async (request, reply) => {
      const advertiserId = ownAdvertiserId(request);
      const actor = actorOf(request);
      const { file: logoFile, name, landingUrl, ...template } = request.body;
      const logo = analyseLogo(logoFile);
      await checkLandingUrl(deps, landingUrl, actor);
      const banner = await inTransaction(deps, (tx) =>
        createBanner(tx, advertiserId, logo, { name, landingUrl, template }, actor),
      );
      reply.code(201);
      return { data: { banner } };
    },
  });

  app.get('/banners/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One of the advertiser’s banners',
      params: idParams,
      response: { 200: bannerResponse },
    },
    handler: async (request) => ({
      data: { banner: await getBanner(deps, request.params.id, ownBanners(request)) },
    }),
  });

  app.put('/banners/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Rename a banner or change its landing page (a new landing page goes back to review)',
      params: idParams,
      body: bannerUpdateBody,
      response: { 200: bannerResponse },
    },
    handler: async (request) => {
      const scope = ownBanners(request);
      const actor = actorOf(request);
      const current = await getBanner(deps, request.params.id, scope);
      if (current.landingUrl !== request.body.landingUrl)
        await checkLandingUrl(deps, request.body.landingUrl, actor);
      return {
        data: {
          banner: await inTransaction(deps, (tx) =>
            updateBannerDetails(tx, request.params.id, scope, request.body, actor),
          ),
        },
      };
    },
  });

  app.post('/banners/:id/file', {
    config: { access: write },
    preValidation: fileUpload,
    schema: {
      tags,
      summary:
        'Replace a banner’s file, or a dynamic banner’s logo (it goes back to review, under a new URL)',
      consumes: ['multipart/form-data'],
      params: idParams,
      body: z.object({ file }),
      response: { 200: bannerResponse },
    },
    handler: async (request) => {
      const scope = ownBanners(request);
      const current = await getBanner(deps, request.params.id, scope);
      const creative =
        current.type === 'dynamic'
          ? analyseLogo(request.body.file)
          : await analyseCreative(deps, request.body.file);
      return {
        data: {
          banner: await inTransaction(deps, (tx) =>
            replaceBannerFile(tx, request.params.id, scope, creative, actorOf(request)),
          ),
        },
      };
    },
  });

  app.put('/banners/:id/template', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Change a dynamic banner’s template (a changed one goes back to review)',
      params: idParams,
      body: dynamicTemplateSchema,
      response: { 200: bannerResponse },
    },
    handler: async (request) => ({
      data: {
        banner: await inTransaction(deps, (tx) =>
          updateBannerTemplate(tx, request.params.id, ownBanners(request), request.body, actorOf(request)),
        ),
      },
    }),
  });

  app.put('/banners/:id/status', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Archive a banner, or restore or resubmit it (back to review)',
      params: idParams,
      body: bannerStatusBody,
      response: { 200: bannerResponse },
    },
    handler: async (request) => ({
      data: {
        banner: await inTransaction(deps, (tx) =>
          changeBannerStatus(tx, request.params.id, ownBanners(request), request.body, actorOf(request)),
        ),
      },
    }),
  });
};

/** `/api/admin/banners`: every advertiser's creatives, to read (the review is banner-reviews'). */
export const adminBannerRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin banners'];
  const read: RouteAccess = { kind: 'admin', permission: ['advertisers', 'read'] };

  app.get('/banners', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Banners of every advertiser, or of one (`advertiserId`)',
      querystring: adminBannersQuery,
      response: { 200: bannersResponse },
    },
    handler: async (request) => ({ data: { banners: await listBannersPage(deps, {}, request.query) } }),
  });

  app.get('/banners/:id', {
    config: { access: read },
    schema: { tags, summary: 'One banner', params: idParams, response: { 200: bannerResponse } },
    handler: async (request) => ({ data: { banner: await getBanner(deps, request.params.id, {}) } }),
  });
};
