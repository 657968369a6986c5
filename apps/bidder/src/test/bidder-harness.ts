import type { AppConfig } from '@rtb/api/config';
import { createTestApp, type TestApp } from '@rtb/api/test-harness';
import {
  createCampaign,
  insertBanner,
  setCampaignStatus,
  todayOf,
  validCampaign,
} from '@rtb/api/test-helpers/campaigns';
import { postEntries } from '@rtb/api/test-helpers/organisations';
import { advertisers, currencyRates, type DatabaseHandle, demoAccounts } from '@rtb/db';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { type Bidder, type BidderOptions, buildBidder } from '../app';
import type { ProfileStore } from '../audiences/profile-store';
import type { BudgetStore } from '../budget/budget-store';
import { MemoryBudgetStore } from '../budget/memory-budget-store';
import type { BidderConfig } from '../config';
import { testBidderConfig } from './bidder-config';
import { deleteEventStreams, testEventStream } from './event-streams';

export interface BidderTest {
  t: TestApp;
  bidder: Bidder;
  store: BudgetStore;
  shopId: number;
  shopToken: string;
  /** Moves the bidder's clock on (it runs with real time otherwise): a shopper's time from the click to the order. */
  passTime(ms: number): void;
  close(): Promise<void>;
}

/**
 * Demo Shop of the demo data, funded (10,000.00 PLN unless `balanceMinor` says otherwise), with
 * exchange rates for USD and EUR; its id and a token of its user.
 */
export async function fundedDemoShop(t: TestApp, balanceMinor = 1_000_000) {
  const shopToken = await t.loginAs(
    'advertiser',
    demoAccounts.advertiser.login,
    demoAccounts.advertiser.password,
  );
  const [shop] = await t.database.db
    .select({ id: advertisers.id })
    .from(advertisers)
    .where(eq(advertisers.name, 'Demo Shop'));
  if (!shop) throw new Error('no Demo Shop in the demo data');
  const shopId = shop.id;
  const pln = await t.referenceId('currencies', 'PLN');
  await postEntries(t, { advertiserId: shopId }, 'balance', pln, [balanceMinor]);
  for (const [code, rate] of [
    ['USD', '4.00000000'],
    ['EUR', '4.25000000'],
  ] as const)
    await t.database.db
      .insert(currencyRates)
      .values({ currencyId: await t.referenceId('currencies', code), rate, validFrom: '2020-01-01' })
      .onConflictDoNothing();
  return { shopId, shopToken };
}

/**
 * An active campaign of the shop, paced as fast as it may (unless `campaign` says otherwise),
 * showing one approved banner; its id.
 */
export async function activeCampaign(
  t: TestApp,
  shop: { shopId: number; shopToken: string },
  campaign: Parameters<typeof validCampaign>[1] = {},
): Promise<number> {
  const banner = await insertBanner(t, shop.shopId, 'approved');
  const { id } = await createCampaign(
    t,
    shop.shopToken,
    validCampaign(await todayOf(t, shop.shopId), { bannerIds: [banner], pacing: 'asap', ...campaign }),
  );
  await setCampaignStatus(t, shop.shopToken, id, 'active');
  return id;
}

/**
 * The API on its own database with the demo data, Demo Shop funded (`fundedDemoShop`), and a
 * bidder on top (in-memory counters and profiles unless stores are given; given ones are the
 * caller's to close).
 */
export async function createBidderTest(
  options: {
    store?: BudgetStore;
    profiles?: ProfileStore;
    config?: Partial<BidderConfig>;
    random?: () => number;
    balanceMinor?: number;
    /** The database (a server of the test's own, migrated); a fresh one of its own when not given. */
    database?: DatabaseHandle;
    /** The API's configuration beyond the tests' own. */
    appConfig?: Partial<AppConfig>;
    /** Runs once Demo Shop is funded, before the bidder loads its index (data it should find at start). */
    prepare?: (t: TestApp, shopId: number) => Promise<void>;
  } & Pick<BidderOptions, 'readiness' | 'metrics' | 'operations'> = {},
): Promise<BidderTest> {
  const t = await createTestApp({
    demo: true,
    ...(options.database ? { database: options.database } : {}),
    ...(options.appConfig ? { config: options.appConfig } : {}),
  });
  const { shopId, shopToken } = await fundedDemoShop(t, options.balanceMinor);
  await options.prepare?.(t, shopId);
  const store = options.store ?? new MemoryBudgetStore();
  let aheadMs = 0;
  const bidder = await buildBidder({
    deps: t.deps,
    database: t.database,
    store,
    ...(options.profiles ? { profiles: options.profiles } : {}),
    config: testBidderConfig({ natsStream: testEventStream(t.database), ...options.config }),
    logger: pino({ level: 'silent' }),
    ...(options.random ? { random: options.random } : {}),
    readiness: options.readiness,
    metrics: options.metrics,
    operations: options.operations,
    now: () => new Date(Date.now() + aheadMs),
  });
  return {
    t,
    bidder,
    store,
    shopId,
    shopToken,
    passTime(ms) {
      aheadMs += ms;
    },
    async close() {
      await bidder.close();
      await deleteEventStreams(testEventStream(t.database));
      await t.close();
    },
  };
}
