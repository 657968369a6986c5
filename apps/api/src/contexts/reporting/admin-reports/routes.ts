import {
  createGeneratedReportBody,
  generatedReportResponse,
  generatedReportsQuery,
  generatedReportsResponse,
  idParams,
  statusBody,
} from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../../core/access';
import { attachmentDisposition } from '../../../core/attachment-disposition';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { notFound } from '../../../core/errors';
import { actorOf } from '../../platform';
import { createGeneratedReport } from './create-report';
import { deleteGeneratedReport } from './delete-report';
import { openGeneratedReport } from './download-report';
import { getGeneratedReport } from './get-report';
import { listGeneratedReports } from './list-reports';

const read: RouteAccess = { kind: 'admin', permission: ['reports', 'read'] };
const write: RouteAccess = { kind: 'admin', permission: ['reports', 'write'] };

/**
 * `/api/admin/reports`: platform-wide reports made in the background (the report worker) from
 * the hourly rollups, their progress, and their files (`/:id/download`, CSV or XLSX), kept for
 * REPORTS_RETENTION_DAYS after they end.
 */
export const adminReportRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin reports'];

  app.get('/reports', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Generated reports, newest first, with their status and progress',
      querystring: generatedReportsQuery,
      response: { 200: generatedReportsResponse },
    },
    handler: async (request) => ({ data: { reports: await listGeneratedReports(deps, request.query) } }),
  });

  app.post('/reports', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Queue a report of a period (UTC days) as CSV or XLSX',
      body: createGeneratedReportBody,
      response: { 201: generatedReportResponse },
    },
    handler: async (request, reply) => {
      const principal = principalOf(request);
      const report = await inTransaction(deps, (tx) =>
        createGeneratedReport(tx, request.body, principal, actorOf(request)),
      );
      return reply.status(201).send({ data: { report } });
    },
  });

  app.get('/reports/:id', {
    config: { access: read },
    schema: {
      tags,
      summary: 'One generated report (poll it for its progress)',
      params: idParams,
      response: { 200: generatedReportResponse },
    },
    handler: async (request) => ({ data: { report: await getGeneratedReport(deps, request.params.id) } }),
  });

  app.get('/reports/:id/download', {
    config: { access: read, download: true },
    schema: {
      tags,
      summary: "A finished report's file, as an attachment",
      params: idParams,
    },
    handler: async (request, reply) => {
      const file = await openGeneratedReport(deps, request.params.id);
      if (!file.content) {
        request.log.error({ reportId: request.params.id }, 'generated report file missing from the store');
        throw notFound();
      }
      if (file.size !== null) reply.header('content-length', file.size);
      return reply
        .header('content-type', file.contentType)
        .header('content-disposition', attachmentDisposition(file.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.content);
    },
  });

  app.delete('/reports/:id', {
    config: { access: write },
    schema: {
      tags,
      summary: 'Delete a report and its file (a running one stops)',
      params: idParams,
      response: { 200: statusBody },
    },
    handler: async (request) => {
      await inTransaction(deps, (tx) => deleteGeneratedReport(tx, request.params.id, actorOf(request)));
      return { data: { status: 'deleted' } };
    },
  });
};
