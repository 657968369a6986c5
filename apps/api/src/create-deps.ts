import type { Database } from '@rtb/db';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import type { AccessDirectory } from './core/access-directory';
import { BackgroundWork } from './core/background-work';
import type { AppDeps } from './core/deps';
import { PrincipalCache } from './core/principal-cache';
import { createMemoryRateLimiter, type RateLimiter } from './core/rate-limiter';
import { principalOfDownloadToken } from './modules/auth/download-tokens';
import { findPrincipal } from './modules/auth/principal-repository';
import { hashToken } from './modules/auth/tokens';
import { ConfigValues } from './modules/config-values/service';
import { EventPartitions } from './modules/delivery/event-partitions';
import { ExternalCallLog } from './modules/external-apis/call-log';
import { callTracker } from './modules/external-apis/track-call';
import type { PaymentProvider } from './modules/online-payments/provider';
import { createStripeProvider } from './modules/online-payments/stripe-provider';
import { advertiserBelongsToAgency, organisationExists } from './modules/organisations/repository';

export interface DepsOptions {
  db: Database;
  config: AppConfig;
  limiter?: RateLimiter;
  settings?: ConfigValues;
  mailQueued?: () => void;
  principals?: PrincipalCache;
  /** Replaces the payment provider the config would make (tests). */
  paymentProvider?: PaymentProvider | null;
}

/** Sessions, download links and organisations, as access control looks them up. */
const accessDirectory: AccessDirectory = {
  sessionKey: hashToken,
  principalOfSession: (db, key) => findPrincipal(db, { tokenHash: key }),
  principalOfDownloadLink: principalOfDownloadToken,
  organisationExists,
  advertiserBelongsToAgency,
};

/**
 * What the services need, without the HTTP app (and none of its routes): `buildApp` serves them,
 * and a bidder process (apps/bidder) calls them directly. `log` reports failures of work done in
 * the background.
 */
export function createAppDeps(
  options: DepsOptions,
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
