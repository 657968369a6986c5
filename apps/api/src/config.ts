import { fileURLToPath } from 'node:url';
import { loadDeliveryConfig } from '@rtb/delivery';
import { loadProcessConfig, type ProcessConfig, publicUrlOf } from '@rtb/operations';
import { MAX_MODEL_BITS, MIN_MODEL_BITS } from '@rtb/rtb';
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
  // Unset: the demo's shorter ones in demo mode (`modelTrainingOf`).
  MODEL_TRAINING_INTERVAL_MS: z.coerce.number().int().positive().optional(),
  MODEL_BITS: z.coerce.number().int().min(MIN_MODEL_BITS).max(MAX_MODEL_BITS).default(20),
  MODEL_CLICK_LABEL_DELAY_MS: z.coerce.number().int().min(0).optional(),
  MODEL_CONVERSION_LABEL_DELAY_MS: z.coerce.number().int().min(0).optional(),
  WIN_CURVE_INTERVAL_MS: z.coerce.number().int().positive().default(300_000),
  // At most the 7 days a curve is kept unfitted (`WIN_CURVE_STALE_MS`).
  WIN_CURVE_WINDOW_HOURS: z.coerce.number().int().min(1).max(168).default(24),
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
  /** The click and conversion models' trainer (`delivery/prediction-models/worker.ts`). */
  modelTraining: ModelTrainingConfig;
  /** The first-price segments' win curves (`delivery/win-curves/worker.ts`). */
  winCurves: WinCurveConfig;
};

export interface ModelTrainingConfig {
  /** Between cycles. */
  intervalMs: number;
  /** The hashed space of the versions made (2^bits weights). */
  bits: number;
  /** How long after an impression its click is taken as known (or never coming). */
  clickLabelDelayMs: number;
  /** How long after a click its conversion is taken as known: orders come hours later. */
  conversionLabelDelayMs: number;
}

export interface WinCurveConfig {
  /** Between fits. */
  intervalMs: number;
  /** Each fit learns the outcomes of the bids made this long before it. */
  windowMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const e = envSchema.parse(env);
  // Half a Stripe set-up would take payments it never hears about (or the other way round).
  if (Boolean(e.STRIPE_SECRET_KEY) !== Boolean(e.STRIPE_WEBHOOK_SECRET))
    throw new Error('Set both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET for online top-up, or neither.');
  const processConfig = loadProcessConfig(env);
  const demoData = e.DEMO_DATA ?? !processConfig.databaseUrl;
  return {
    ...processConfig,
    port: e.PORT,
    publicUrl: publicUrlOf(env),
    rtbPublicUrl: (e.RTB_PUBLIC_URL ?? publicUrlOf(env)).replace(/\/$/, ''),
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: e.TRUST_PROXY ?? false,
    demoData,
    demoTraffic: e.DEMO_TRAFFIC ?? demoData,
    demoShopUrl: demoShopUrlOf(e, demoData),
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
    modelTraining: modelTrainingOf(e, demoData),
    winCurves: { intervalMs: e.WIN_CURVE_INTERVAL_MS, windowMs: e.WIN_CURVE_WINDOW_HOURS * 60 * MINUTE_MS },
  };
}

const MINUTE_MS = 60_000;

/**
 * The trainer's settings; the demo's (`npm start`) defaults are shorter, so that its slow traffic
 * gets a model within its first hours: the delays only wait for labels to come.
 */
function modelTrainingOf(e: z.infer<typeof envSchema>, demoData: boolean): ModelTrainingConfig {
  return {
    intervalMs: e.MODEL_TRAINING_INTERVAL_MS ?? (demoData ? 2 : 10) * MINUTE_MS,
    bits: e.MODEL_BITS,
    clickLabelDelayMs: e.MODEL_CLICK_LABEL_DELAY_MS ?? (demoData ? 5 : 30) * MINUTE_MS,
    conversionLabelDelayMs: e.MODEL_CONVERSION_LABEL_DELAY_MS ?? (demoData ? 15 : 24 * 60) * MINUTE_MS,
  };
}

function demoShopUrlOf(e: z.infer<typeof envSchema>, demoData: boolean): string | null {
  if (!demoData) return null;
  return (e.DEMO_SHOP_URL ?? `http://127.0.0.1:${e.PORT}/demo-shop`).replace(/\/$/, '');
}
