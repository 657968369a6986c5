import { fileURLToPath } from 'node:url';
import { publicUrlOf } from '@rtb/operations';
import { attributionWindowLimits, FEED_MAX_BYTES } from '@rtb/shared';
import { z } from 'zod';

/**
 * The shortest raw event retention: a conversion is attributed to clicks up to the longest click
 * window back, and a click is judged against its impression; both must still be there.
 */
const RAW_EVENTS_MIN_RETENTION_DAYS = attributionWindowLimits.clickWindowDays.max + 1;

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** Environment variables (the README's table lists each). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  /** Unset: this machine on PORT (`publicUrlOf`). */
  PUBLIC_URL: z.url().optional(),
  /** The bidder's own public URL (apps/bidder reads it too); the panel's when they share a port. */
  RTB_PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.string().optional(),
  DATA_DIR: z.string().default('data'),
  REDIS_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('RTB Panel <no-reply@localhost>'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: flag,
  DEMO_DATA: flag,
  DEMO_TRAFFIC: flag,
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  URL_VERIFY_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  URL_VERIFY_ALLOW_PRIVATE: flag,
  FEED_MAX_BYTES: z.coerce.number().int().positive().max(FEED_MAX_BYTES).default(FEED_MAX_BYTES),
  FEED_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  RAW_EVENTS_RETENTION_DAYS: z.coerce
    .number()
    .int()
    .min(RAW_EVENTS_MIN_RETENTION_DAYS, {
      message: `RAW_EVENTS_RETENTION_DAYS must be at least ${RAW_EVENTS_MIN_RETENTION_DAYS} days (attribution reads the clicks of the longest window).`,
    })
    .default(400),
  REPORTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
  /** How long a shutdown (SIGTERM) may take at most: connections drained, buffered events committed. */
  DRAIN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(120_000).default(10_000),
  /** When set, `/metrics` asks for it as a bearer token. */
  METRICS_TOKEN: z.string().min(16).optional(),
});

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  /** Where browsers reach the bidder's trackers and the shop's tag script (`/tag.js`). */
  rtbPublicUrl: string;
  databaseUrl?: string;
  dataDir: string;
  redisUrl?: string;
  smtpUrl?: string;
  mailFrom: string;
  logLevel: string;
  trustProxy: boolean;
  demoData: boolean;
  /** Runs the exchange simulator slowly against this process (the demo's campaigns spend). */
  demoTraffic: boolean;
  productName: string;
  /** The built web app (apps/web/dist); served when it exists. */
  webDist: string;
  urlVerifyTimeoutMs: number;
  /**
   * Lets outgoing requests to URLs users give (/api/url/verify, product feeds) reach private
   * addresses (tests, intranets); off by default (SSRF).
   */
  urlVerifyAllowPrivate: boolean;
  /** The largest product feed, as uploaded or downloaded and once unpacked. */
  feedMaxBytes: number;
  /** How long downloading a product feed may take, redirects included. */
  feedFetchTimeoutMs: number;
  /**
   * How many days of raw delivery events are kept (whole day partitions older are dropped; the
   * hourly rollups stay). An event of a bid older than this is no longer recorded.
   */
  rawEventsRetentionDays: number;
  /** Days a generated report (and its file) is kept after it ended. */
  reportsRetentionDays: number;
  /** Online top-up through Stripe Checkout; off unless both secrets are set. */
  stripe: { secretKey: string; webhookSecret: string; apiUrl?: string } | null;
  /** The longest a shutdown takes. */
  drainMs: number;
  metricsToken?: string;
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = envSchema.parse(env);
  // Half a Stripe set-up would take payments it never hears about (or the other way round).
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET))
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for online top-up, or neither.');
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: publicUrlOf(env),
    rtbPublicUrl: (e.RTB_PUBLIC_URL ?? publicUrlOf(env)).replace(/\/$/, ''),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    redisUrl: e.REDIS_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY ?? false,
    demoData: e.DEMO_DATA ?? !e.DATABASE_URL,
    demoTraffic: e.DEMO_TRAFFIC ?? e.DEMO_DATA ?? !e.DATABASE_URL,
    productName: 'RTB Panel',
    webDist: e.WEB_DIST,
    urlVerifyTimeoutMs: e.URL_VERIFY_TIMEOUT_MS,
    urlVerifyAllowPrivate: e.URL_VERIFY_ALLOW_PRIVATE ?? false,
    feedMaxBytes: e.FEED_MAX_BYTES,
    feedFetchTimeoutMs: e.FEED_FETCH_TIMEOUT_MS,
    rawEventsRetentionDays: e.RAW_EVENTS_RETENTION_DAYS,
    reportsRetentionDays: e.REPORTS_RETENTION_DAYS,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : null,
    drainMs: e.DRAIN_TIMEOUT_MS,
    metricsToken: e.METRICS_TOKEN,
  };
}
