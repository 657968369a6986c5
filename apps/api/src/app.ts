import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Database } from '@rtb/db';
import {
  boundedServer,
  closeConnectionsWhileDraining,
  type OperationsOptions,
  Readiness,
  registerOperationsRoutes,
} from '@rtb/operations';
import { accountKinds, REQUEST_TIMEOUT_MS } from '@rtb/shared';
import { sql } from 'drizzle-orm';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
  type RouteOptions,
} from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { Registry } from 'prom-client';
import type { AppConfig } from './config';
import { registerAccessControl, registerPrincipal } from './core/access';
import type { AccessDirectory } from './core/access-directory';
import { BackgroundWork } from './core/background-work';
import type { AppDeps } from './core/deps';
import { registerDownloadRoutes } from './core/download-routes';
import { registerErrorHandling } from './core/error-handler';
import { registerMaintenance } from './core/maintenance';
import { registerBufferedBody, withMethodOverride } from './core/method-override';
import { PrincipalCache } from './core/principal-cache';
import { createMemoryRateLimiter, type RateLimiter } from './core/rate-limiter';
import { loggableUrl, requestIdOf } from './core/request-id';
import { registerSecurityHeaders } from './core/security-headers';
import { registerSwagger } from './core/swagger';
import { registerUnsafeStringCheck } from './core/unsafe-strings';
import { registerWebApp } from './core/web-app';
import { activityLogRoutes, organisationActivityLogRoutes } from './modules/activity-logs/routes';
import { adminReportRoutes } from './modules/admin-reports/routes';
import { adminUsersRoutes } from './modules/admin-users/routes';
import { agencyAdvertisersRoutes } from './modules/advertisers/agency-routes';
import { ownAdvertiserRoutes } from './modules/advertisers/own-advertiser-routes';
import { advertisersRoutes } from './modules/advertisers/routes';
import { ownAgencyRoutes } from './modules/agencies/own-agency-routes';
import { agenciesRoutes } from './modules/agencies/routes';
import { audienceRoutes } from './modules/audiences/routes';
import { principalOfDownloadToken } from './modules/auth/download-tokens';
import { findPrincipal } from './modules/auth/principal-repository';
import { authRoutes } from './modules/auth/routes';
import { hashToken } from './modules/auth/tokens';
import { bannerReviewRoutes } from './modules/banner-reviews/routes';
import { bannerAssetRoutes } from './modules/banners/asset-routes';
import { adminBannerRoutes, bannerRoutes } from './modules/banners/routes';
import { adminCampaignRoutes, advertiserCampaignRoutes } from './modules/campaigns/routes';
import { ConfigValues } from './modules/config-values/service';
import { configurationRoutes } from './modules/configuration/routes';
import { EventPartitions } from './modules/delivery/event-partitions';
import { demoTrafficRoutes } from './modules/demo-traffic/routes';
import type { DemoTrafficHealth } from './modules/demo-traffic/status';
import { downloadLinkRoutes } from './modules/download-links/routes';
import { ExternalCallLog } from './modules/external-apis/call-log';
import { externalApiRoutes } from './modules/external-apis/routes';
import { callTracker } from './modules/external-apis/track-call';
import { fileUploadRoutes } from './modules/file-uploads/routes';
import { healthRoutes } from './modules/health/routes';
import { imageProxyRoutes } from './modules/image-proxy/routes';
import { generalMeRoutes, meRoutes } from './modules/me/routes';
import { notificationsRoutes } from './modules/notifications/routes';
import type { PaymentProvider } from './modules/online-payments/provider';
import { createStripeProvider } from './modules/online-payments/stripe-provider';
import { organisationUsersRoutes } from './modules/organisation-users/routes';
import { advertiserBelongsToAgency, organisationExists } from './modules/organisations/repository';
import { logStatusVerificationRoutes } from './modules/organisations/routes';
import { moneyRoutes } from './modules/payments/routes';
import { productRoutes } from './modules/products/routes';
import { referenceRoutes } from './modules/reference/routes';
import { registrationRoutes } from './modules/registration/routes';
import { regulationRoutes } from './modules/regulations/routes';
import { reportEmailRoutes } from './modules/report-emails/routes';
import { advertiserReportRoutes, agencyReportRoutes } from './modules/reports/routes';
import { rolesRoutes } from './modules/roles/routes';
import { rtbViewsRoutes } from './modules/rtb-views/routes';
import { supportRoutes } from './modules/support/routes';
import { tagRoutes } from './modules/tags/routes';
import { urlVerifyRoutes } from './modules/url-verify/routes';

const BODY_LIMIT = 1_048_576;

export type { AppDeps } from './core/deps';

export interface BuildAppOptions {
  db: Database;
  config: AppConfig;
  limiter?: RateLimiter;
  settings?: ConfigValues;
  mailQueued?: () => void;
  principals?: PrincipalCache;
  logger?: FastifyServerOptions['logger'];
  /** Replaces the payment provider the config would make (tests). */
  paymentProvider?: PaymentProvider | null;
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

/**
 * What the services need, without the HTTP app: `buildApp` serves them, and a bidder process
 * (apps/bidder) calls them directly. `log` reports failures of work done in the background.
 */
/** Sessions, download links and organisations, as access control looks them up. */
const accessDirectory: AccessDirectory = {
  sessionKey: hashToken,
  principalOfSession: (db, key) => findPrincipal(db, { tokenHash: key }),
  principalOfDownloadLink: principalOfDownloadToken,
  organisationExists,
  advertiserBelongsToAgency,
};

export function createAppDeps(
  options: Omit<BuildAppOptions, 'logger'>,
  log: () => Pick<FastifyBaseLogger, 'error' | 'warn'>,
): AppDeps {
  const { config } = options;
  const principals = options.principals ?? new PrincipalCache();
  const deps: AppDeps = {
    db: options.db,
    config,
    settings: options.settings ?? new ConfigValues(),
    access: accessDirectory,
    limiter: options.limiter ?? createMemoryRateLimiter(),
    mailQueued: options.mailQueued ?? (() => {}),
    principals,
    afterCommit: (effect) => effect(),
    // Outside a transaction nothing rolls back.
    onRollback: () => {},
    sessionsChanged: (accountId) => principals.forgetAccount(accountId),
    // The callback only runs once a log write has failed.
    externalCalls: new ExternalCallLog(options.db, (err, entry) =>
      log().error({ err, service: entry.service }, 'external API call not logged'),
    ),
    paymentProvider: null,
    eventPartitions: new EventPartitions(),
    background: new BackgroundWork((err, job, retrying) =>
      log()[retrying ? 'warn' : 'error']({ err, job }, 'background job failed'),
    ),
  };
  deps.paymentProvider =
    options.paymentProvider !== undefined
      ? options.paymentProvider
      : config.stripe && createStripeProvider(config.stripe, callTracker(deps, 'stripe'));
  return deps;
}

/** A readiness that checks the database answers (what an API process needs to serve). */
export function databaseReadiness(deps: Pick<AppDeps, 'db'>): Readiness {
  const readiness = new Readiness();
  readiness.add('database', async () => {
    try {
      await deps.db.execute(sql`select 1`);
      return null;
    } catch (error) {
      // The driver's own words (its cause), not the query's.
      const cause = (error as Error).cause;
      return `The database does not answer: ${cause instanceof Error ? cause.message : (error as Error).message}`;
    }
  });
  return readiness;
}

export async function buildApp(options: BuildAppOptions): Promise<App> {
  const { config } = options;
  // `app` is created below; the deps only log once something has failed.
  const deps = createAppDeps(options, () => app.log);

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
  await app.register(adminUsersRoutes, { prefix: '/api/admin', deps });
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
  await app.register(rtbViewsRoutes, { prefix: '/api/advertiser', deps });
  await app.register(tagRoutes, { prefix: '/api/advertiser', deps });
  await app.register(ownAgencyRoutes, { prefix: '/api/agency', deps });
  await app.register(ownAdvertiserRoutes, { prefix: '/api/advertiser', deps });
  await app.register(organisationActivityLogRoutes, { prefix: '/api/agency', kind: 'agency', deps });
  await app.register(organisationActivityLogRoutes, { prefix: '/api/advertiser', kind: 'advertiser', deps });
  await app.register(organisationUsersRoutes, { prefix: '/api/admin', deps, panel: 'admin' });
  await app.register(organisationUsersRoutes, { prefix: '/api/agency', deps, panel: 'agency' });
  await app.register(organisationUsersRoutes, { prefix: '/api/advertiser', deps, panel: 'advertiser' });
  await app.register(agencyAdvertisersRoutes, { prefix: '/api/agency', deps });
  await app.register(registrationRoutes, { prefix: '/api', deps });
  await app.register(referenceRoutes, { prefix: '/api', deps });
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
  await app.register(reportEmailRoutes, { prefix: '/api/advertiser', deps });
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
