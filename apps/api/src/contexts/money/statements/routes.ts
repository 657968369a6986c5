import {
  type AccountKind,
  organisationStatementParams,
  statementFileQuery,
  statementParams,
  statementResponse,
} from '@rtb/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownAgencyId, ownOrganisationOf, type RouteAccess } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import { sendExport } from '../../../core/exports';
import { replyWithPdf } from '../documents/pdf-reply';
import { type StatementRequest, statementOf } from './statement';
import { statementFile } from './statement-file';

const jsonSummary = (whose: string) =>
  `${whose} monthly statement (\`YYYY-MM\` in its time zone; this month: to date): per account the opening balance, the lines (a day's spend of a campaign as one) with the running balance, totals per operation, the closing balance`;
const fileSummary = (whose: string) =>
  `${whose} monthly statement as a file: \`format\` csv or pdf, in \`locale\`; CSV in \`style\` locale or iso`;

/**
 * Monthly statements (`payments` permission, read), as JSON and as CSV or PDF downloads (a
 * download link may open them): an agency's or advertiser's own (`/statements/:month`), an agency's
 * advertiser's (`/advertisers/:id/statements/:month`, another agency's is not found), and for
 * admins any agency's or advertiser's.
 */
export const statementRoutes: FastifyPluginAsyncZod<{ deps: AppDeps; kind: AccountKind }> = async (
  app,
  { deps, kind },
) => {
  const read: RouteAccess = { kind, permission: ['payments', 'read'] };
  const tags = [`${kind} payments`];
  const json = async (request: StatementRequest) => ({
    data: { statement: await statementOf(deps, request) },
  });
  const file = async (
    reply: FastifyReply,
    request: StatementRequest,
    query: Parameters<typeof statementFile>[2],
  ) => {
    const made = await statementFile(deps, request, query);
    return made.format === 'csv' ? sendExport(reply, made.export) : replyWithPdf(reply, made, true);
  };
  /** A statement route and its download, for the path and the request its parameters make. */
  const both = (
    path: string,
    whose: string,
    params: typeof statementParams | typeof organisationStatementParams,
    requestOf: (params: { month: string; id?: number }, request: FastifyRequest) => StatementRequest,
  ) => {
    app.get(path, {
      config: { access: read },
      schema: { tags, summary: jsonSummary(whose), params, response: { 200: statementResponse } },
      handler: (request) => json(requestOf(request.params, request)),
    });
    app.get(`${path}/download`, {
      config: { access: read, download: true },
      schema: { tags, summary: fileSummary(whose), params, querystring: statementFileQuery },
      handler: (request, reply) => file(reply, requestOf(request.params, request), request.query),
    });
  };

  if (kind === 'admin') {
    both('/agencies/:id/statements/:month', "An agency's", organisationStatementParams, (p) => ({
      owner: { agencyId: Number(p.id) },
      month: p.month,
    }));
    both('/advertisers/:id/statements/:month', "An advertiser's", organisationStatementParams, (p) => ({
      owner: { advertiserId: Number(p.id) },
      month: p.month,
    }));
    return;
  }
  // The signed-in organisation's own (never one an advertiser-id header picks): what a
  // download link, which sends no headers, opens too.
  both('/statements/:month', 'The organisation’s own', statementParams, (p, request) => ({
    owner: ownOrganisationOf(kind, request),
    month: p.month,
  }));
  if (kind === 'agency')
    both(
      '/advertisers/:id/statements/:month',
      'One of the agency’s advertisers’',
      organisationStatementParams,
      (p, request) => ({
        owner: { advertiserId: Number(p.id) },
        month: p.month,
        agencyId: ownAgencyId(request),
      }),
    );
};
