import { demoTrafficStatusResponse } from '@rtb/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RouteAccess } from '../../../core/access';
import { type DemoTrafficHealth, demoTrafficStatusOf } from './status';

/** The remedy is configuration (PUBLIC_URL, PORT): who reads the configuration reads this. */
const read: RouteAccess = { kind: 'admin', permission: ['configuration', 'read'] };

/**
 * `/api/admin/demo-traffic`: whether the demo traffic of this process (`npm start`, DEMO_TRAFFIC)
 * reaches the bidder, and why not; the admin panel's banner polls it.
 */
export const demoTrafficRoutes: FastifyPluginAsyncZod<{ health?: DemoTrafficHealth }> = async (
  app,
  { health },
) => {
  app.get('/demo-traffic', {
    config: { access: read },
    schema: {
      tags: ['admin configuration'],
      summary: "The demo traffic's status: calls sent, failing or not, and what fails and why",
      response: { 200: demoTrafficStatusResponse },
    },
    handler: async () => ({ data: { demoTraffic: demoTrafficStatusOf(health?.() ?? null) } }),
  });
};
