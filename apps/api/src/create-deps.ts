import { ConfigValues, type Database } from '@rtb/db';
import { EventPartitions } from '@rtb/delivery';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config';
import { approvePendingBanners, campaignNames } from './contexts/campaigns';
import { productTagActivity as tagActivityOfProduct } from './contexts/delivery';
import { findPrincipal, hashToken, principalOfDownloadToken } from './contexts/identity';
import type { CampaignsOfMoney, PaymentProvider } from './contexts/money';
import { recordCreditTerms } from './contexts/money';
import {
  type AdvertiserCreatives,
  advertiserBelongsToAgency,
  agenciesOfAdvertisers,
  type MoneyOfOrganisations,
  organisationExists,
} from './contexts/organisations';
import { ExternalCallLog } from './contexts/platform';
import type { ProductTagActivityOf } from './contexts/shop';
import type { AccessDirectory } from './core/access-directory';
import { BackgroundWork } from './core/background-work';
import type { AppDeps } from './core/deps';
import { PrincipalCache } from './core/principal-cache';
import { createMemoryRateLimiter, type RateLimiter } from './core/rate-limiter';

export interface DepsOptions {
  db: Database;
  config: AppConfig;
  limiter?: RateLimiter;
  settings?: ConfigValues;
  mailQueued?: () => void;
  principals?: PrincipalCache;
  /** The online payment provider; none by default (buildApp makes the configured one). */
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

/** The ports lower contexts declare, filled by the higher ones (scripts/architecture/context-layers.cjs). */
const organisationMoney: MoneyOfOrganisations = { recordCreditTerms };
const advertiserCreatives: AdvertiserCreatives = { trusted: approvePendingBanners };
const productTagActivity: ProductTagActivityOf = tagActivityOfProduct;
const moneyCampaigns: CampaignsOfMoney = { names: campaignNames };

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
    paymentProvider: options.paymentProvider ?? null,
    eventPartitions: new EventPartitions(),
    agenciesOfAdvertisers,
    organisationMoney,
    advertiserCreatives,
    productTagActivity,
    moneyCampaigns,
    background: new BackgroundWork((err, job, retrying) =>
      log()[retrying ? 'warn' : 'error']({ err, job }, 'background job failed'),
    ),
  };
  return deps;
}
