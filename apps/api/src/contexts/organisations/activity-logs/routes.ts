import {
  activityLogResponse,
  activityLogsQuery,
  activityLogsResponse,
  activityLogUsersResponse,
  adminActivityLogUsersQuery,
  adminActivityLogUsersResponse,
  idParams,
  type OrganisationKind,
  organisationActivityLogsQuery,
} from '@rtb/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ownOrganisationOf } from '../../../core/access';
import type { AppDeps } from '../../../core/deps';
import {
  activityLogUsers,
  adminActivityLogUsers,
  getActivityLog,
  listActivityLogs,
  type OrganisationScope,
} from '../../organisations/activity-logs/list-activity-logs';

/** `/api/admin/activity-logs`: the whole platform's audit trail, for admins allowed to read it. */
export const activityLogRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['admin activity logs'];
  const config = { access: { kind: 'admin', permission: ['activity-logs', 'read'] } as const };

  app.get('/activity-logs', {
    config,
    schema: {
      tags,
      summary: 'Activity log, newest first (keyset paging with `cursor`, bounded total)',
      querystring: activityLogsQuery,
      response: { 200: activityLogsResponse },
    },
    handler: async (request) => ({ data: { activityLogs: await listActivityLogs(deps, request.query) } }),
  });

  app.get('/activity-logs/users', {
    config,
    schema: {
      tags,
      summary: 'Accounts to filter the log by: found by login or name (`search`), or one (`accountId`)',
      querystring: adminActivityLogUsersQuery,
      response: { 200: adminActivityLogUsersResponse },
    },
    handler: async (request) => ({ data: { users: await adminActivityLogUsers(deps, request.query) } }),
  });

  app.get('/activity-logs/:id', {
    config,
    schema: {
      tags,
      summary: 'One activity-log entry with its full before and after',
      params: idParams,
      response: { 200: activityLogResponse },
    },
    handler: async (request) => ({ data: { activityLog: await getActivityLog(deps, request.params.id) } }),
  });
};

/**
 * The rows of the signed-in user's organisation, from the token: an agency's own and its
 * advertisers' (their rows carry the agency too), an advertiser's own. An `advertiser-id` header
 * does not narrow an agency's log.
 */
const scopeOf = (request: FastifyRequest, kind: OrganisationKind): OrganisationScope =>
  ownOrganisationOf(kind, request);

/**
 * `/api/{agency|advertiser}/activity-logs`: the organisation's own audit trail. The seeded roles
 * grant it to the local role admin only (spec section 2: the entry shows for it alone).
 */
export const organisationActivityLogRoutes: FastifyPluginAsyncZod<{
  kind: OrganisationKind;
  deps: AppDeps;
}> = async (app, { kind, deps }) => {
  const tags = [`${kind} activity logs`];
  const config = { access: { kind, permission: ['activity-logs', 'read'] } as const };

  app.get('/activity-logs', {
    config,
    schema: {
      tags,
      summary: `The ${kind}'s activity log, newest first (keyset paging with \`cursor\`, bounded total)`,
      querystring: organisationActivityLogsQuery,
      response: { 200: activityLogsResponse },
    },
    handler: async (request) => ({
      data: { activityLogs: await listActivityLogs(deps, request.query, scopeOf(request, kind)) },
    }),
  });

  app.get('/activity-logs/users', {
    config,
    schema: {
      tags,
      summary: `The ${kind}'s users${kind === 'agency' ? " and its advertisers'" : ''}, to filter the log by`,
      response: { 200: activityLogUsersResponse },
    },
    handler: async (request) => ({
      data: { users: await activityLogUsers(deps, scopeOf(request, kind)) },
    }),
  });

  app.get('/activity-logs/:id', {
    config,
    schema: {
      tags,
      summary: 'One entry of the log with its full before and after',
      params: idParams,
      response: { 200: activityLogResponse },
    },
    handler: async (request) => ({
      data: { activityLog: await getActivityLog(deps, request.params.id, scopeOf(request, kind)) },
    }),
  });
};
