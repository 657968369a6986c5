import { fileURLToPath } from 'node:url';
import { loadDeliveryConfig } from '@rtb/delivery';
import { loadProcessConfig, type ProcessConfig, publicUrlOf } from '@rtb/operations';
import { FEED_MAX_BYTES } from '@rtb/shared';
import { z } from 'zod';

const flag = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

/** The API's own environment variables (the README's table lists each; `loadProcessConfig` and `loadDeliveryConfig` read the rest). */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /** Unset: this machine on PORT (`publicUrlOf`). */
  PUBLIC_URL: z.url().optional(),
  /** The bidder's own public URL (apps/bidder reads it too); the panel's when they share a port. */
  RTB_PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('data'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('RTB Panel <no-reply@localhost>'),
  TRUST_PROXY: flag,
  DEMO_DATA: flag,
  DEMO_TRAFFIC: flag,
  /** Where the process reaches its own demo shop (demo mode); unset: http://127.0.0.1:PORT/demo-shop. */
  DEMO_SHOP_URL: z.url().optional(),
  WEB_DIST: z.string().default(fileURLToPath(new URL('../../web/dist', import.meta.url))),
  URL_VERIFY_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  URL_VERIFY_ALLOW_PRIVATE: flag,
  FEED_MAX_BYTES: z.coerce.number().int().positive().max(FEED_MAX_BYTES).default(FEED_MAX_BYTES),
  FEED_FETCH_TIMEOUT_MS: z.coerce.number().int().positive().default(300_000),
  REPORTS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  STRIPE_API_URL: z.url().optional(),
});

export type AppConfig = ProcessConfig & {
  port: number;
  publicUrl: string;
  /** Where browsers reach the bidder's trackers and the shop's tag script (`/tag.js`). */
  rtbPublicUrl: string;
  dataDir: string;
  smtpUrl?: string;
  mailFrom: string;
  trustProxy: boolean;
  demoData: boolean;
  /** Runs the exchange simulator slowly against this process (the demo's campaigns spend). */
  demoTraffic: boolean;
  /**
   * Demo mode's own shop as this process reaches it (its feed and product images, which the SSRF
   * guard lets through, and nothing else there); null outside demo mode.
   */
  demoShopUrl: string | null;
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
};

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = envSchema.parse(env);
  // Half a Stripe set-up would take payments it never hears about (or the other way round).
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET))
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for online top-up, or neither.');
  const processConfig = loadProcessConfig(env);
  return {
    ...processConfig,
    port: e.PORT,
    publicUrl: publicUrlOf(env),
    rtbPublicUrl: (e.RTB_PUBLIC_URL ?? publicUrlOf(env)).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY ?? false,
    demoData: e.DEMO_DATA ?? !processConfig.databaseUrl,
    demoTraffic: e.DEMO_TRAFFIC ?? e.DEMO_DATA ?? !processConfig.databaseUrl,
    demoShopUrl: demoShopUrlOf(e, e.DEMO_DATA ?? !processConfig.databaseUrl),
    productName: 'RTB Panel',
    webDist: e.WEB_DIST,
    urlVerifyTimeoutMs: e.URL_VERIFY_TIMEOUT_MS,
    urlVerifyAllowPrivate: e.URL_VERIFY_ALLOW_PRIVATE ?? false,
    feedMaxBytes: e.FEED_MAX_BYTES,
    feedFetchTimeoutMs: e.FEED_FETCH_TIMEOUT_MS,
    ...loadDeliveryConfig(env),
    reportsRetentionDays: e.REPORTS_RETENTION_DAYS,
    stripe:
      e.STRIPE_SECRET_KEY && e.STRIPE_WEBHOOK_SECRET
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiUrl: e.STRIPE_API_URL }
        : null,
  };
}

function demoShopUrlOf(e: z.infer<typeof envSchema>, demoData: boolean): string | null {
  if (!demoData) return null;
  return (e.DEMO_SHOP_URL ?? `http://127.0.0.1:${e.PORT}/demo-shop`).replace(/\/$/, '');
}
