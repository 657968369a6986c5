import {
  agencyReportExportQuery,
  agencyReportQuery,
  agencyReportResponse,
  idParams,
  reportExportQuery,
  reportQuery,
  reportResponse,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAdvertiserId, ownAgencyId, type RouteAccess } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { sendExport } from '../../../core/exports';
import { agencyAdvertiserId } from './agency-advertiser';
import { agencyReportExport } from './export-agency-report';
import { reportExport } from './export-report';
import { getAgencyReport } from './get-agency-report';
import { getReport } from './get-report';

const read: RouteAccess = { kind: 'advertiser', permission: ['reports', 'read'] };
const agencyRead: RouteAccess = { kind: 'agency', permission: ['reports', 'read'] };

/** `/api/advertiser/reports`: the advertiser's own delivery (the advertiser from the token). */
export const advertiserReportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  app.get('/reports', {
    config: { access: read },
    schema: {
      tags: ['advertiser reports'],
      summary:
        'Bids, wins, impressions, clicks, spend, conversions and what follows from them: totals, the chart’s buckets and a sorted page of rows split by hour, day, week or month (of the advertiser’s time zone) and by campaign, creative, country, device type or domain; optionally beside the previous period',
      querystring: reportQuery,
      response: { 200: reportResponse },
    },
    handler: async (request) => ({
      data: { report: await getReport(deps, ownAdvertiserId(request), request.query) },
    }),
  });

  app.get('/reports/export', {
    config: { access: read, download: true },
    schema: {
      tags: ['advertiser reports'],
      summary:
        'The report as CSV (the user’s locale or ISO numbers and dates) or XLSX (typed cells): every row in the table’s order, the chosen figures, the totals row',
      querystring: reportExportQuery,
    },
    handler: async (request, reply) =>
      sendExport(reply, await reportExport(deps, ownAdvertiserId(request), request.query)),
  });
};

/**
 * `/api/agency/advertiser-campaign-stats`: the agency's advertisers and their campaigns with its
 * commission; `/api/agency/advertisers/:id/reports`: one of its advertisers' own report (another
 * agency's advertiser is not found).
 */
export const agencyReportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['agency reports'];
  app.get('/advertiser-campaign-stats', {
    config: { access: agencyRead },
    schema: {
      tags,
      summary:
        'The agency’s advertisers or their campaigns: the advertisers’ figures and the commission earned, each in its advertiser’s days and currency, totals per currency',
      querystring: agencyReportQuery,
      response: { 200: agencyReportResponse },
    },
    handler: async (request) => ({
      data: { advertiserCampaignStats: await getAgencyReport(deps, ownAgencyId(request), request.query) },
    }),
  });

  app.get('/advertisers/:id/reports', {
    config: { access: agencyRead },
    schema: {
      tags,
      summary: 'One of the agency’s advertisers’ report, as the advertiser sees it',
      params: idParams,
      querystring: reportQuery,
      response: { 200: reportResponse },
    },
    handler: async (request) => ({
      data: {
        report: await getReport(
          deps,
          await agencyAdvertiserId(deps, ownAgencyId(request), request.params.id),
          request.query,
        ),
      },
    }),
  });

  app.get('/advertiser-campaign-stats/export', {
    config: { access: agencyRead, download: true },
    schema: {
      tags,
      summary: 'The agency’s report as CSV or XLSX: every row, the chosen figures, a totals row per currency',
      querystring: agencyReportExportQuery,
    },
    handler: async (request, reply) =>
      sendExport(reply, await agencyReportExport(deps, ownAgencyId(request), request.query)),
  });

  app.get('/advertisers/:id/reports/export', {
    config: { access: agencyRead, download: true },
    schema: {
      tags,
      summary: 'One of the agency’s advertisers’ report as CSV or XLSX, as the advertiser exports it',
      params: idParams,
      querystring: reportExportQuery,
    },
    handler: async (request, reply) =>
      sendExport(
        reply,
        await reportExport(
          deps,
          await agencyAdvertiserId(deps, ownAgencyId(request), request.params.id),
          request.query,
        ),
      ),
  });
};
