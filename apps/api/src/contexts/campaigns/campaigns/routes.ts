import {
  type AdminCampaignsQuery,
  activityLogsResponse,
  adminCampaignStatusBody,
  adminCampaignsQuery,
  type CampaignStatus,
  type CampaignsQuery,
  campaignBody,
  campaignBulkEditBody,
  campaignBulkEditResponse,
  campaignBulkResponse,
  campaignBulkStatusBody,
  campaignResponse,
  campaignSettingsResponse,
  campaignStatusBody,
  campaignsQuery,
  campaignsResponse,
  entityHistoryQuery,
  idParams,
} from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ownAdvertiserId, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { type Actor, actorOf, idempotent } from '../../platform';
import { bulkChangeStatus } from './bulk-change-status';
import { applyBulkEdit, previewBulkEdit } from './bulk-edit-campaigns';
import { campaignHistory } from './campaign-history';
import { campaignSettings } from './campaign-settings';
import { adminStatusTransitions, changeCampaignStatus } from './change-campaign-status';
import { createCampaign } from './create-campaign';
import { duplicateCampaign } from './duplicate-campaign';
import { getCampaign } from './get-campaign';
import { listCampaignsPage } from './list-campaigns';
import type { CampaignScope } from './repository';
import { updateCampaignSettings } from './update-campaign';

/** What differs between the panels' campaign routes: access, scope, list filter, status moves. */
interface CampaignPanel {
  kind: 'advertiser' | 'admin';
  /** The permission's resource (the admin reaches campaigns with its advertisers). */
  resource: 'campaigns' | 'advertisers';
  /** The campaigns the signed-in user reaches. */
  scopeOf: (request: FastifyRequest) => CampaignScope;
  listQuery: z.ZodType<CampaignsQuery | AdminCampaignsQuery, unknown>;
  listSummary: string;
  statusBody: z.ZodType<{ status: CampaignStatus }, unknown>;
  statusSummary: string;
  /** The status moves the panel may make (the contract's, unless narrower). */
  transitions?: typeof adminStatusTransitions;
}

/** The advertiser's own campaigns (the advertiser from the token; an agency user through "log in as"). */
const advertiserPanel: CampaignPanel = {
  kind: 'advertiser',
  resource: 'campaigns',
  scopeOf: (request) => ({ advertiserId: ownAdvertiserId(request) }),
  listQuery: campaignsQuery,
  listSummary: 'The advertiser’s campaigns with their serving status and counters',
  statusBody: campaignStatusBody,
  statusSummary: 'Activate, pause, archive or restore a campaign',
};

/** Every advertiser's campaigns, to read and to pause or resume. */
const adminPanel: CampaignPanel = {
  kind: 'admin',
  resource: 'advertisers',
  scopeOf: () => ({}),
  listQuery: adminCampaignsQuery,
  listSummary: 'Campaigns (filter by advertiser) with their serving status and counters',
  statusBody: adminCampaignStatusBody,
  statusSummary: 'Pause or resume a campaign',
  transitions: adminStatusTransitions,
};

const tagsOf = (panel: CampaignPanel) => [`${panel.kind} campaigns`];
const accessOf = (panel: CampaignPanel, mode: 'read' | 'write'): RouteAccess => ({
  kind: panel.kind,
  permission: [panel.resource, mode],
});

/** Runs a change in one transaction, within the panel's scope, in the signed-in user's name. */
const changeIn = <T>(
  deps: AppDeps,
  panel: CampaignPanel,
  request: FastifyRequest,
  change: (tx: AppDeps, scope: CampaignScope, actor: Actor) => Promise<T>,
): Promise<T> => inTransaction(deps, (tx) => change(tx, panel.scopeOf(request), actorOf(request)));

/** The routes both panels have: the list, one campaign, and its status. */
const campaignPanelRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; panel: CampaignPanel }> = async (
  app,
  { deps, panel },
) => {
  const tags = tagsOf(panel);

  app.get('/campaigns', {
    config: { access: accessOf(panel, 'read') },
    schema: {
      tags,
      summary: panel.listSummary,
      querystring: panel.listQuery,
      response: { 200: campaignsResponse },
    },
    handler: async (request) => ({
      data: { campaigns: await listCampaignsPage(deps, panel.scopeOf(request), request.query) },
    }),
  });

  app.get('/campaigns/:id', {
    config: { access: accessOf(panel, 'read') },
    schema: {
      tags,
      summary: 'One campaign with its banners, counters and serving status',
      params: idParams,
      response: { 200: campaignResponse },
    },
    handler: async (request) => ({
      data: { campaign: await getCampaign(deps, panel.scopeOf(request), request.params.id) },
    }),
  });

  app.put('/campaigns/:id/status', {
    config: { access: accessOf(panel, 'write') },
    schema: {
      tags,
      summary: panel.statusSummary,
      params: idParams,
      body: panel.statusBody,
      response: { 200: campaignResponse },
    },
    handler: async (request) => ({
      data: {
        campaign: await changeIn(deps, panel, request, (tx, scope, actor) =>
          changeCampaignStatus(tx, scope, request.params.id, request.body.status, actor, panel.transitions),
        ),
      },
    }),
  });
};

/**
 * `/api/advertiser/campaigns`: the advertiser's own campaigns, the panel's routes and the
 * advertiser's own: the form's settings, create, change, duplicate, and many at once.
 */
export const advertiserCampaignRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const panel = advertiserPanel;
  const tags = tagsOf(panel);
  const write = accessOf(panel, 'write');
  await app.register(campaignPanelRoutes, { deps, panel });

  app.get('/campaigns/settings', {
    config: { access: accessOf(panel, 'read') },
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
    handler: async (request) => ({
      data: {
        campaignBulk: await changeIn(deps, panel, request, (tx, scope, actor) =>
          bulkChangeStatus(tx, scope, request.body, actor),
        ),
      },
    }),
  });

  app.post('/campaigns/bulk-edit/preview', {
    config: { access: write },
    schema: {
      tags,
      summary:
        'What a change of the bid, a budget, the end date or the hours would do to many campaigns: each one’s before and after, and why it cannot take it; writes nothing',
      body: campaignBulkEditBody,
      response: { 200: campaignBulkEditResponse },
    },
    handler: async (request) => {
      const advertiserId = ownAdvertiserId(request);
      return {
        data: {
          campaignBulkEdit: await inTransaction(deps, (tx) =>
            previewBulkEdit(tx, advertiserId, request.body),
          ),
        },
      };
    },
  });

  app.post('/campaigns/bulk-edit', {
    config: { access: write },
    schema: {
      tags,
      summary:
        'Change the bid, a budget, the end date or the hours of many campaigns in one transaction; when any cannot take it, none changes (422 naming each). Idempotency-Key required: a retry does not change them twice',
      body: campaignBulkEditBody,
      response: { 200: campaignBulkEditResponse },
    },
    handler: (request, reply) =>
      idempotent(deps, request, reply, async (tx) => ({
        status: 200,
        body: {
          data: {
            campaignBulkEdit: await applyBulkEdit(
              tx,
              ownAdvertiserId(request),
              request.body,
              actorOf(request),
            ),
          },
        },
      })),
  });

  app.get('/campaigns/:id/history', {
    config: { access: accessOf(panel, 'read') },
    schema: {
      tags,
      summary: "One campaign's changes from the activity log, newest first (keyset paging with `cursor`)",
      params: idParams,
      querystring: entityHistoryQuery,
      response: { 200: activityLogsResponse },
    },
    handler: async (request) => {
      const advertiserId = ownAdvertiserId(request);
      return {
        data: {
          activityLogs: await campaignHistory(deps, { advertiserId }, request.params.id, request.query),
        },
      };
    },
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
    handler: async (request) => ({
      data: {
        campaign: await changeIn(deps, panel, request, (tx, scope, actor) =>
          updateCampaignSettings(tx, scope, request.params.id, request.body, actor),
        ),
      },
    }),
  });

  app.post('/campaigns/:id/duplicate', {
    config: { access: write },
    schema: {
      tags,
      summary:
        'Copy a campaign as a draft with the same settings and banners (Idempotency-Key required: a retry answers with the same copy)',
      params: idParams,
      response: { 201: campaignResponse },
    },
    handler: (request, reply) =>
      idempotent(deps, request, reply, async (tx) => {
        const campaign = await duplicateCampaign(
          tx,
          panel.scopeOf(request),
          request.params.id,
          actorOf(request),
        );
        return { status: 201, body: { data: { campaign } } };
      }),
  });
};

/** `/api/admin/campaigns`: every advertiser's campaigns, to read and to pause or resume. */
export const adminCampaignRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  await app.register(campaignPanelRoutes, { deps, panel: adminPanel });
};
