import { activityLogResponse, activityLogsQuery, activityLogsResponse, idParams } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../core/deps';
import { getActivityLog, listActivityLogs } from './list-activity-logs';

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
