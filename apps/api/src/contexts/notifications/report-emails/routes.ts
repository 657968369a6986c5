import { reportEmailSettingsBody, reportEmailSettingsResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { getReportEmailSettings } from './get-report-email-settings';
import { setReportEmailSettings } from './set-report-email-settings';

/** The mail holds the report's figures: only users who may read reports get it. */
const read: RouteAccess = { kind: 'advertiser', permission: ['reports', 'read'] };
// Service users have no User Settings (spec section 6): they may load, not change, theirs.
const change: RouteAccess = { ...read, refuseServiceUsers: true };

/** `/api/advertiser/me/report-emails`: the signed-in user's own report e-mails. */
export const reportEmailRoutes: FastifyPluginAsyncZod<{ deps: AppDeps }> = async (app, { deps }) => {
  const tags = ['advertiser me'];

  app.get('/me/report-emails', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Own report e-mails: whether the weekly summary comes',
      response: { 200: reportEmailSettingsResponse },
    },
    handler: async (request) => ({
      data: { reportEmails: await getReportEmailSettings(deps, principalOf(request)) },
    }),
  });

  app.put('/me/report-emails', {
    config: { access: change },
    schema: {
      tags,
      summary: 'Switch own weekly report e-mail on or off',
      body: reportEmailSettingsBody,
      response: { 200: reportEmailSettingsResponse },
    },
    handler: async (request) => ({
      data: {
        reportEmails: await inTransaction(deps, (tx) =>
          setReportEmailSettings(tx, principalOf(request), request.body, actorOf(request)),
        ),
      },
    }),
  });
};
