import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  boundedServer,
  closeConnectionsWhileDraining,
  databaseReadiness,
  type OperationsOptions,
  registerOperationsRoutes,
} from '@rtb/operations';
import { accountKinds, REQUEST_TIMEOUT_MS } from '@rtb/shared';
import Fastify, {
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import {
  adminBannerRoutes,
  adminCampaignRoutes,
  advertiserCampaignRoutes,
  audienceRoutes,
  bannerAssetRoutes,
  bannerReviewRoutes,
  bannerRoutes,
} from './contexts/campaigns/runtime';
import {
  forecastRoutes,
  liftRoutes,
  predictionModelRoutes,
  rtbViewsRoutes,
  tagRoutes,
} from './contexts/delivery/runtime';
import {
  authRoutes,
  downloadLinkRoutes,
  generalMeRoutes,
  meRoutes,
  rolesRoutes,
  userAuthRoutes,
  usersRoutes,
} from './contexts/identity/runtime';
import { createStripeProvider, moneyRoutes } from './contexts/money/runtime';
import { alertDigestRoutes, notificationsRoutes, reportEmailRoutes } from './contexts/notifications/runtime';
import {
  activityLogRoutes,
  advertisersRoutes,
  agenciesRoutes,
  agencyAdvertisersRoutes,
  logStatusVerificationRoutes,
  organisationActivityLogRoutes,
  ownAdvertiserRoutes,
  ownAgencyRoutes,
  registrationRoutes,
  regulationRoutes,
} from './contexts/organisations/runtime';
import { callTracker } from './contexts/platform';
import {
  configurationRoutes,
  type DemoTrafficHealth,
  demoTrafficRoutes,
  externalApiRoutes,
  fileUploadRoutes,
  healthRoutes,
  referenceRoutes,
  urlVerifyRoutes,
} from './contexts/platform/runtime';
import {
  adminReportRoutes,
  advertiserReportRoutes,
  agencyOverviewRoutes,
  agencyReportRoutes,
} from './contexts/reporting/runtime';
import { imageProxyRoutes, productRoutes } from './contexts/shop/runtime';
import { supportRoutes } from './contexts/support/runtime';
import { registerAccessControl, registerPrincipal } from './core/access';
import type { AppDeps } from './core/deps';
import { registerDownloadRoutes } from './core/download-routes';
import { registerErrorHandling } from './core/error-handler';
import { registerMaintenance } from './core/maintenance';
import { registerBufferedBody, withMethodOverride } from './core/method-override';
import { loggableUrl, requestIdOf } from './core/request-id';
import { registerSecurityHeaders } from './core/security-headers';
import { registerSwagger } from './core/swagger';
import { registerUnsafeStringCheck } from './core/unsafe-strings';
import { registerWebApp } from './core/web-app';
import { createAppDeps, type DepsOptions } from './create-deps';

const BODY_LIMIT = 1_048_576;

export type { AppDeps } from './core/deps';

export interface BuildAppOptions extends DepsOptions {
  logger?: FastifyServerOptions['logger'];
  /** Another handler served on the same port for some path prefixes (`npm start`: the bidder). */
  mount?: MountedHandler;
  /** Sees every route as it is added, before any plugin (tests read each route's declared access). */
  onRoute?: (route: RouteOptions) => void;
  /**
   * Health, readiness and metrics (`/healthz`, `/readyz`, `/metrics`): the process's; without them
   * a readiness of its own checking the database, and an empty registry.
   */
  operations?: OperationsOptions;
  /**
   * Reads the health of the demo traffic `npm start` runs (it starts after the app is built);
   * without it, or while it answers null, the admin API says no demo traffic runs.
   */
  demoTraffic?: DemoTrafficHealth;
}

export interface MountedHandler {
  prefixes: readonly string[];
  handler: (req: IncomingMessage, res: ServerResponse) => void;
}

export interface App {
  app: FastifyInstance;
  deps: AppDeps;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  // `app` is created below; the deps only log once something has failed.
  const deps = createAppDeps(options, () => app.log);
  // Only the API takes payments: the provider (and its SDK) is made here, not in createAppDeps,
  // which the standalone bidder loads too. A test passes its own, or null.
  deps.paymentProvider =
    options.paymentProvider !== undefined
      ? options.paymentProvider
      : config.stripe && createStripeProvider(config.stripe, callTracker(deps, 'stripe'));

  const app = Fastify({
    logger: options.logger ?? {
      level: config.logLevel,
      serializers: {
        req: (req) => ({ method: req.method, url: loggableUrl(req.url), remoteAddress: req.ip }),
      },
    },
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT,
    handlerTimeout: REQUEST_TIMEOUT_MS,
    routerOptions: { ignoreTrailingSlash: true },
    // Draining serves the requests of open connections (each answer closes its connection).
    return503OnClosing: false,
    serverFactory: (handler) => {
      const api = withMethodOverride(handler, BODY_LIMIT);
      const { mount } = options;
      return boundedServer(
        mount
          ? (req, res) => (mount.prefixes.some((p) => req.url?.startsWith(p)) ? mount.handler : api)(req, res)
          : api,
      );
    },
  });
  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  await registerSecurityHeaders(app, { publicUrl: config.publicUrl });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerUnsafeStringCheck(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  app.addHook('onClose', () => deps.background.settled());
  const webApp = await registerWebApp(app, config.webDist);
  registerErrorHandling(app, { webApp });
  registerBufferedBody(app);
  registerPrincipal(app, deps);
  registerMaintenance(app, deps);
  registerAccessControl(app, deps);
  const downloads = registerDownloadRoutes(app);
  const operations = options.operations ?? {
    readiness: databaseReadiness(deps),
    registry: new Registry(),
  };
  registerOperationsRoutes(app, operations);
  closeConnectionsWhileDraining(app, operations.readiness);
  await registerSwagger(app);

  for (const kind of accountKinds) {
    await app.register(authRoutes, { prefix: `/api/${kind}`, kind, deps });
    await app.register(meRoutes, { prefix: `/api/${kind}`, kind, deps });
  }
  await app.register(configurationRoutes, { prefix: '/api/admin', deps });
  await app.register(activityLogRoutes, { prefix: '/api/admin', deps });
  await app.register(agenciesRoutes, { prefix: '/api/admin', deps });
  await app.register(advertisersRoutes, { prefix: '/api/admin', deps });
  await app.register(bannerReviewRoutes, { prefix: '/api/admin', deps });
  await app.register(logStatusVerificationRoutes, { prefix: '/api/admin', deps });
  await app.register(rolesRoutes, { prefix: '/api/admin', deps });
  await app.register(externalApiRoutes, { prefix: '/api/admin', deps });
  await app.register(notificationsRoutes, { prefix: '/api/admin', deps });
  await app.register(adminReportRoutes, { prefix: '/api/admin', deps });
  await app.register(demoTrafficRoutes, { prefix: '/api/admin', health: options.demoTraffic });
  await app.register(predictionModelRoutes, { prefix: '/api/admin', deps });
  await app.register(rtbViewsRoutes, { prefix: '/api/advertiser', deps });
  await app.register(forecastRoutes, { prefix: '/api/advertiser', deps });
  await app.register(liftRoutes, { prefix: '/api/advertiser', deps });
  await app.register(tagRoutes, { prefix: '/api/advertiser', deps });
  await app.register(ownAgencyRoutes, { prefix: '/api/agency', deps });
  await app.register(ownAdvertiserRoutes, { prefix: '/api/advertiser', deps });
  await app.register(organisationActivityLogRoutes, { prefix: '/api/agency', kind: 'agency', deps });
  await app.register(organisationActivityLogRoutes, { prefix: '/api/advertiser', kind: 'advertiser', deps });
  for (const panel of accountKinds) await app.register(usersRoutes, { prefix: `/api/${panel}`, deps, panel });
  await app.register(agencyAdvertisersRoutes, { prefix: '/api/agency', deps });
  await app.register(registrationRoutes, { prefix: '/api', deps });
  await app.register(referenceRoutes, { prefix: '/api', deps });
  await app.register(userAuthRoutes, { prefix: '/api', deps });
  await app.register(regulationRoutes, { prefix: '/api', deps });
  await app.register(urlVerifyRoutes, { prefix: '/api', deps });
  await app.register(supportRoutes, { prefix: '/api', deps });
  await app.register(fileUploadRoutes, { prefix: '/api', deps });
  await app.register(downloadLinkRoutes, { prefix: '/api', deps, downloads });
  await app.register(healthRoutes, { prefix: '/api', deps });
  await app.register(moneyRoutes, { prefix: '/api', deps });
  await app.register(advertiserCampaignRoutes, { prefix: '/api/advertiser', deps });
  await app.register(advertiserReportRoutes, { prefix: '/api/advertiser', deps });
  await app.register(agencyReportRoutes, { prefix: '/api/agency', deps });
  await app.register(agencyOverviewRoutes, { prefix: '/api/agency', deps });
  await app.register(reportEmailRoutes, { prefix: '/api/advertiser', deps });
  for (const kind of ['agency', 'advertiser'] as const)
    await app.register(alertDigestRoutes, { prefix: `/api/${kind}`, kind, deps });
  await app.register(adminCampaignRoutes, { prefix: '/api/admin', deps });
  await app.register(generalMeRoutes, { prefix: '/api' });
  await app.register(bannerRoutes, { prefix: '/api/advertiser', deps });
  await app.register(adminBannerRoutes, { prefix: '/api/admin', deps });
  await app.register(bannerAssetRoutes, { deps });
  await app.register(imageProxyRoutes, { deps });
  await app.register(productRoutes, { prefix: '/api/advertiser', deps });
  await app.register(audienceRoutes, { prefix: '/api/advertiser', deps });

  await app.ready();
  return { app, deps };
}
