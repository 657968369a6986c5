import { randomBytes } from 'node:crypto';
import type { BidderConfig } from '../config';

/** The event stream of this test file's bidders unless a test names one (`testEventStream`: one per database). */
const fileStream = `T_${randomBytes(6).toString('hex')}`;

/**
 * A bidder's settings for tests: fixed URLs and key, short group commits; the event log on NATS
 * JetStream when the tests run with NATS_URL, else in the database.
 */
export const testBidderConfig = (change: Partial<BidderConfig> = {}): BidderConfig => ({
  publicUrl: 'http://rtb.test',
  assetsUrl: 'http://panel.test',
  signingKey: 'a-test-signing-key-of-at-least-32-characters',
  port: 0,
  workers: 1,
  metricsPort: 0,
  reservationTtlMs: 60_000,
  wonTtlMs: 600_000,
  syncHosts: ['partner.example'],
  secureCookies: false,
  commitWaitMs: 2,
  commitMaxEvents: 500,
  commitTimeoutMs: 5_000,
  commitQueueLimit: 20_000,
  appendParallel: 4,
  foldMaxEvents: 2_000,
  foldGraceMs: 30_000,
  natsUrl: process.env.NATS_URL || null,
  natsStream: fileStream,
  maxImps: 20,
  maxBidsPerCampaign: 1,
  rebuildProfiles: false,
  catalogueMaxProducts: 10_000,
  forecastSampleEvery: 1,
  ...change,
});
