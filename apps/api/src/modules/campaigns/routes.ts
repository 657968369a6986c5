import {
  adminCampaignStatusBody,
  adminCampaignsQuery,
  campaignBody,
  campaignBulkResponse,
  campaignBulkStatusBody,
  campaignResponse,
  campaignSettingsResponse,
  campaignStatusBody,
  campaignsQuery,
  campaignsResponse,
  idParams,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, type RouteAccess } from '../../core/access';
import { type AppDeps, inTransaction } from '../../core/deps';
import { actorOf } from '../activity-logs/service';
import { bulkChangeStatus } from './bulk-change-status';
import { campaignSettings } from './campaign-settings';
import { adminStatusTransitions, changeCampaignStatus } from './change-campaign-status';
import { createCampaign } from './create-campaign';
import { duplicateCampaign } from './duplicate-campaign';
import { getCampaign } from './get-campaign';
import { listCampaignsPage } from './list-campaigns';
import { updateCampaignSettings } from './update-campaign';

/**
 * `/api/advertiser/campaigns`: the advertiser's own campaigns (the advertiser from the token; an
 * agency user works here through "log in as").
 */
export const advertiserCampaignRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['advertiser campaigns'];
  const read: RouteAccess = { kind: 'advertiser', permission: ['campaigns', 'read'] };
  const write: RouteAccess = { kind: 'advertiser', permission: ['campaigns', 'write'] };

  app.get('/campaigns', {
    config: { access: read },
    schema: {
      tags,
      summary: 'The advertiser’s campaigns with their serving status and counters',
      querystring: campaignsQuery,
      response: { 200: campaignsResponse },
    },
    handler: async (request) => ({
      data: {
        campaigns: await listCampaignsPage(deps, { advertiserId: ownAdvertiserId(request) }, request.query),
      },
    }),
  });

  app.get('/campaigns/settings', {
    config: { access: read },
    schema: {
      tags,
      summary: 'What the campaign form needs: currency, time zone, minimums, margin, countries',
      response: { 200: campaignSettingsResponse },
    },
    handler: async (request) => ({
      data: { campaignSettings: await campaignSettings(deps, ownAdvertiserId(request)) },
    }),
  });

  app.post('/campaigns', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Create a campaign (a draft)',
      body: campaignBody,
      response: { 201: campaignResponse },
    },
    handler: async (request, reply) => {
      const advertiserId = ownAdvertiserId(request);
      const campaign = await inTransaction(deps, (tx) =>
        createCampaign(tx, advertiserId, request.body, actorOf(request)),
      );
      reply.code(201);
      return { data: { campaign } };
    },
  });

  app.post('/campaigns/bulk-status', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Pause, resume or archive many campaigns; those that cannot move are named',
      body: campaignBulkStatusBody,
      response: { 200: campaignBulkResponse },
    },
    handler: async (request) => {
      const scope = { advertiserId: ownAdvertiserId(request) };
      return {
        data: {
          campaignBulk: await inTransaction(deps, (tx) =>
            bulkChangeStatus(tx, scope, request.body, actorOf(request)),
          ),
        },
      };
    },
  });

  app.get('/campaigns/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One campaign with its banners, counters and serving status',
      params: idParams,
      response: { 200: campaignResponse },
    },
    handler: async (request) => ({
      data: {
        campaign: await getCampaign(deps, { advertiserId: ownAdvertiserId(request) }, request.params.id),
      },
    }),
  });

  app.put('/campaigns/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Change a campaign’s settings and banners (the whole form)',
      params: idParams,
      body: campaignBody,
      response: { 200: campaignResponse },
    },
    handler: async (request) => {
      const scope = { advertiserId: ownAdvertiserId(request) };
      return {
        data: {
          campaign: await inTransaction(deps, (tx) =>
            updateCampaignSettings(tx, scope, request.params.id, request.body, actorOf(request)),
          ),
        },
      };
    },
  });

  app.put('/campaigns/:id/status', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Activate, pause, archive or restore a campaign',
      params: idParams,
      body: campaignStatusBody,
      response: { 200: campaignResponse },
    },
    handler: async (request) => {
      const scope = { advertiserId: ownAdvertiserId(request) };
      return {
        data: {
          campaign: await inTransaction(deps, (tx) =>
            changeCampaignStatus(tx, scope, request.params.id, request.body.status, actorOf(request)),
          ),
        },
      };
    },
  });

  app.post('/campaigns/:id/duplicate', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Copy a campaign as a draft with the same settings and banners',
      params: idParams,
      response: { 201: campaignResponse },
    },
    handler: async (request, reply) => {
      const scope = { advertiserId: ownAdvertiserId(request) };
      const campaign = await inTransaction(deps, (tx) =>
        duplicateCampaign(tx, scope, request.params.id, actorOf(request)),
      );
      reply.code(201);
      return { data: { campaign } };
    },
  });
};

/** `/api/admin/campaigns`: every advertiser's campaigns, to read and to pause or resume. */
export const adminCampaignRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin campaigns'];
  const read: RouteAccess = { kind: 'admin', permission: ['advertisers', 'read'] };
  const write: RouteAccess = { kind: 'admin', permission: ['advertisers', 'write'] };

  app.get('/campaigns', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Campaigns (filter by advertiser) with their serving status and counters',
      querystring: adminCampaignsQuery,
      response: { 200: campaignsResponse },
    },
    handler: async (request) => ({ data: { campaigns: await listCampaignsPage(deps, {}, request.query) } }),
  });

  app.get('/campaigns/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One campaign with its banners, counters and serving status',
      params: idParams,
      response: { 200: campaignResponse },
    },
    handler: async (request) => ({ data: { campaign: await getCampaign(deps, {}, request.params.id) } }),
  });

  app.put('/campaigns/:id/status', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Pause or resume a campaign',
      params: idParams,
      body: adminCampaignStatusBody,
      response: { 200: campaignResponse },
    },
    handler: async (request) => ({
      data: {
        campaign: await inTransaction(deps, (tx) =>
          changeCampaignStatus(
            tx,
            {},
            request.params.id,
            request.body.status,
            actorOf(request),
            adminStatusTransitions,
          ),
        ),
      },
    }),
  });
};
