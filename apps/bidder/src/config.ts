import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { publicUrlOf } from '@rtb/operations';
import { DEFAULT_MAX_IMPS } from '@rtb/rtb';
import { z } from 'zod';

/** Environment variables of the bidder and trackers (README and docs/operations.md list each). */
const envSchema = z.object({
  /** Unset: this machine on PORT (`publicUrlOf`). */
  PUBLIC_URL: z.url().optional(),
  /** Where exchanges and browsers reach the trackers; the panel's URL when they share a process. */
  RTB_PUBLIC_URL: z.url().optional(),
  /** HMAC key of the URLs we issue; every bidder process must share it. */
  RTB_SIGNING_KEY: z.string().min(32).optional(),
  DATA_DIR: z.string().default('data'),
  BIDDER_PORT: z.coerce.number().int().min(0).max(65535).default(8081),
  /** Bidder processes `npm run bidder` runs on BIDDER_PORT (unset: one per core with REDIS_URL, else one). */
  BIDDER_WORKERS: z.coerce.number().int().min(1).max(256).optional(),
  /** Where the processes' primary serves /healthz, /readyz and the workers' metrics summed (several workers). */
  BIDDER_METRICS_PORT: z.coerce.number().int().min(0).max(65535).default(9091),
  /** How long a bid's reservation holds without a win notice, and a won bid's without its impression. */
  RTB_RESERVATION_TTL_MS: z.coerce.number().int().positive().default(60_000),
  RTB_WON_TTL_MS: z.coerce.number().int().positive().default(600_000),
  /** Hosts (comma-separated) the cookie sync may send the browser back to. */
  RTB_SYNC_HOSTS: z.string().default(''),
  /** A group commit waits at most this long for more events, or until it has this many. */
  RTB_COMMIT_WAIT_MS: z.coerce.number().int().min(0).default(1),
  RTB_COMMIT_MAX_EVENTS: z.coerce.number().int().positive().default(500),
  /** An event not committed this long after it came is answered 503; bidding stops while commits fail longer. */
  RTB_COMMIT_TIMEOUT_MS: z.coerce.number().int().min(100).max(25_000).default(5_000),
  /** Events waiting to be committed at most; beyond it a notice is answered 503 at once. */
  RTB_COMMIT_QUEUE_LIMIT: z.coerce.number().int().positive().default(20_000),
  /** Appends to the event log committed at the same time at most. */
  RTB_APPEND_PARALLEL: z.coerce.number().int().min(1).max(16).default(4),
  /** Events one fold of the event log takes at most. */
  RTB_FOLD_MAX_EVENTS: z.coerce.number().int().positive().max(50_000).default(2_000),
  /** Rows of another process are folded here once this old (that process died or is stuck). */
  RTB_FOLD_GRACE_MS: z.coerce.number().int().min(1_000).default(30_000),
  /** NATS with JetStream as the tracked events' durable log (decision 0029); unset: the database's table. */
  NATS_URL: z.string().optional(),
  /** The JetStream stream of the events; its subjects, fold consumer and parked stream are named after it. */
  RTB_NATS_STREAM: z
    .string()
    .regex(/^[A-Za-z0-9_-]{1,32}$/)
    .default('RTB_EVENTS'),
  /** The most imps a bid request may have (more is refused with 400 `too_many_imps`). */
  RTB_MAX_IMPS: z.coerce.number().int().min(1).max(1_000).default(DEFAULT_MAX_IMPS),
  /** How many imps of one bid request one campaign may bid on. */
  RTB_MAX_BIDS_PER_CAMPAIGN: z.coerce.number().int().min(1).max(1_000).default(1),
  /** '1': rebuild the shared (Redis) visitor profiles from the tag events at this start. */
  RTB_REBUILD_PROFILES: z.enum(['0', '1']).default('0'),
  /** The most feed products (of dynamic banners) a bidder keeps in memory. */
  RTB_CATALOGUE_MAX_PRODUCTS: z.coerce.number().int().positive().default(200_000),
  /** 1 in this many valid bid requests is kept for the campaign forecast (decision 0019); 0: none. */
  RTB_FORECAST_SAMPLE_EVERY: z.coerce.number().int().min(0).max(1_000_000).default(50),
});

export interface BidderConfig {
  /** Base URL of the trackers in what we send (no trailing slash). */
  publicUrl: string;
  /** Base URL of the creatives' files: the panel's (`/creatives/...` is served by the API). */
  assetsUrl: string;
  signingKey: string;
  port: number;
  /** Processes to run; null: one per core when they can share counters (Redis), else one. */
  workers: number | null;
  metricsPort: number;
  reservationTtlMs: number;
  wonTtlMs: number;
  syncHosts: string[];
  /** Our user-id cookie is `Secure; SameSite=None` on https, `SameSite=Lax` otherwise. */
  secureCookies: boolean;
  commitWaitMs: number;
  commitMaxEvents: number;
  /** An event's commit gives up (503) this long after it came; bidding stops while commits fail longer. */
  commitTimeoutMs: number;
  /** Events waiting for their commit at most (back-pressure: 503 beyond it; not ready near it). */
  commitQueueLimit: number;
  /** Event log appends in flight at most. */
  appendParallel: number;
  /** Events one fold takes at most. */
  foldMaxEvents: number;
  /** Another process's rows older than this are this one's to fold. */
  foldGraceMs: number;
  /** NATS JetStream as the event log; null: the database's table (`delivery_event_log`). */
  natsUrl: string | null;
  /** The JetStream stream of the events (`RTB_NATS_STREAM`). */
  natsStream: string;
  maxImps: number;
  maxBidsPerCampaign: number;
  /** Rebuild the visitor profiles from the tag events even when the shared store has them. */
  rebuildProfiles: boolean;
  /** The product catalogue's bound: the least recently used products beyond it are dropped. */
  catalogueMaxProducts: number;
  /** 1 in this many valid bid requests is sampled for the forecast; 0 samples none. */
  forecastSampleEvery: number;
}

/**
 * The signing key: `RTB_SIGNING_KEY`, or on a single embedded install one made once and kept in
 * DATA_DIR (so notices of bids made before a restart still verify).
 */
function signingKeyOf(given: string | undefined, dataDir: string): string {
  if (given) return given;
  const file = join(dataDir, 'rtb-signing-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

export function loadBidderConfig(env: NodeJS.ProcessEnv = process.env): BidderConfig {
  const e = envSchema.parse(env);
  const panelUrl = publicUrlOf(env);
  const publicUrl = (e.RTB_PUBLIC_URL ?? panelUrl).replace(/\/$/, '');
  return {
    publicUrl,
    assetsUrl: panelUrl,
    signingKey: signingKeyOf(e.RTB_SIGNING_KEY, e.DATA_DIR),
    port: e.BIDDER_PORT,
    workers: e.BIDDER_WORKERS ?? null,
    metricsPort: e.BIDDER_METRICS_PORT,
    reservationTtlMs: e.RTB_RESERVATION_TTL_MS,
    wonTtlMs: e.RTB_WON_TTL_MS,
    syncHosts: e.RTB_SYNC_HOSTS.split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean),
    secureCookies: publicUrl.startsWith('https:'),
    commitWaitMs: e.RTB_COMMIT_WAIT_MS,
    commitMaxEvents: e.RTB_COMMIT_MAX_EVENTS,
    commitTimeoutMs: e.RTB_COMMIT_TIMEOUT_MS,
    commitQueueLimit: e.RTB_COMMIT_QUEUE_LIMIT,
    appendParallel: e.RTB_APPEND_PARALLEL,
    foldMaxEvents: e.RTB_FOLD_MAX_EVENTS,
    foldGraceMs: e.RTB_FOLD_GRACE_MS,
    natsUrl: e.NATS_URL || null,
    natsStream: e.RTB_NATS_STREAM,
    maxImps: e.RTB_MAX_IMPS,
    maxBidsPerCampaign: e.RTB_MAX_BIDS_PER_CAMPAIGN,
    rebuildProfiles: e.RTB_REBUILD_PROFILES === '1',
    catalogueMaxProducts: e.RTB_CATALOGUE_MAX_PRODUCTS,
    forecastSampleEvery: e.RTB_FORECAST_SAMPLE_EVERY,
  };
}
