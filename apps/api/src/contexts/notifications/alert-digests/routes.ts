import { alertDigestSettingsBody, alertDigestSettingsResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf, type RouteAccess } from '../../../core/access';
import { type AppDeps, inTransaction } from '../../../core/deps';
import { actorOf } from '../../platform';
import { getAlertDigestSettings } from './get-alert-digest-settings';
import { setAlertDigestSettings } from './set-alert-digest-settings';

/**
 * The digest tells what the overview tells: an agency user must be allowed to read its
 * advertisers (the overview's permission), an advertiser user their campaigns.
 */
const reads = {
  agency: { kind: 'agency', permission: ['advertisers', 'read'] },
  advertiser: { kind: 'advertiser', permission: ['campaigns', 'read'] },
} as const satisfies Record<'agency' | 'advertiser', RouteAccess>;

/** `/api/{agency|advertiser}/me/alert-digest`: the signed-in user's own daily alert digest. */
export const alertDigestRoutes: FastifyPluginAsyncZod<{
  kind: 'agency' | 'advertiser';
  deps: AppDeps;
}> = async (app, { kind, deps }) => {
  const tags = [`${kind} me`];
  const read = reads[kind];
  // Service users have no User Settings (spec section 6): they may load, not change, theirs.
  const change: RouteAccess = { ...read, refuseServiceUsers: true };

  app.get('/me/alert-digest', {
    config: { access: read },
    schema: {
      tags,
      summary: 'Own daily alert digest: whether it comes',
      response: { 200: alertDigestSettingsResponse },
    },
    handler: async (request) => ({
      data: { alertDigest: await getAlertDigestSettings(deps, principalOf(request)) },
    }),
  });

  app.put('/me/alert-digest', {
    config: { access: change },
    schema: {
      tags,
      summary: 'Switch own daily alert digest on or off',
      body: alertDigestSettingsBody,
      response: { 200: alertDigestSettingsResponse },
    },
    handler: async (request) => ({
      data: {
        alertDigest: await inTransaction(deps, (tx) =>
          setAlertDigestSettings(tx, principalOf(request), request.body, actorOf(request)),
        ),
      },
    }),
  });
};
