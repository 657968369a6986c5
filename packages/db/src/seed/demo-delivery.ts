import { configKeys } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../client';
import {
  accounts,
  advertisers,
  banners,
  campaignBanners,
  campaigns,
  configValues,
  currencies,
  currencyRates,
} from '../schema';
import { demoAccounts } from './demo';
import { demoBanners, writeDemoCreative } from './demo-creatives';

/** Units of PLN for one unit of each currency (mid-market rates of early 2025, rounded). */
const plnPer: Readonly<Record<string, number>> = { PLN: 1, EUR: 4.3, USD: 3.95, GBP: 5.05, CZK: 0.17 };
export const DEMO_RATES_VALID_FROM = '2025-01-01';

/**
 * Everything Demo Shop needs to buy the simulator's traffic, besides money (`demoTopUpsDue`):
 * currency rates, four approved banners with their files under `dataDir`, and two active
 * campaigns (even pacing with a daily budget; ASAP with a total budget). Idempotent: rates,
 * banners and campaigns that exist (by currency and date, or by name) are left as they are.
 */
export async function seedDemoDelivery(db: Database, options: { dataDir: string }): Promise<void> {
  await db.transaction(async (tx) => {
    await seedCurrencyRates(tx);
    const [shop] = await tx
      .select({ id: advertisers.id })
      .from(advertisers)
      .where(eq(advertisers.code, 'DEMO-SHOP'));
    if (!shop) return;
    const reviewer = await accountIdOf(tx, demoAccounts.admin.login);
    const creator = await accountIdOf(tx, demoAccounts.advertiser.login);

    const bannerIds = new Map<string, number>();
    for (const banner of demoBanners)
      bannerIds.set(
        `${banner.width}x${banner.height}`,
        await ensureBanner(tx, shop.id, banner, reviewer, creator, options.dataDir),
      );
    const idsOf = (...sizes: string[]) =>
      sizes.map((size) => bannerIds.get(size)).filter((id) => id !== undefined);

    const started = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
    await ensureCampaign(
      tx,
      {
        advertiserId: shop.id,
        name: 'Spring sale – always on',
        status: 'active',
        startDate: started,
        pacing: 'even',
        dailyBudget: 200_00,
        maxCpm: 9_00,
        frequencyCapCount: 10,
        frequencyCapPeriod: 'day',
        countries: ['PL', 'DE', 'GB', 'US'],
        excludedCategories: ['IAB25', 'IAB26'],
        createdByAccountId: creator,
      },
      idsOf('300x250', '728x90', '320x50', '300x600'),
    );
    await ensureCampaign(
      tx,
      {
        advertiserId: shop.id,
        name: 'New collection – launch',
        status: 'active',
        startDate: started,
        pacing: 'asap',
        totalBudget: 1_500_00,
        maxCpm: 6_50,
        countries: ['PL', 'DE', 'CZ', 'FR'],
        deviceTypes: ['mobile', 'tablet'],
        createdByAccountId: creator,
      },
      idsOf('300x250', '320x50'),
    );
  });
}

/** The demo's rates for every seeded currency, quoted in the base currency (none for the base). */
async function seedCurrencyRates(db: Database): Promise<void> {
  const [base] = await db
    .select({ value: configValues.value })
    .from(configValues)
    .where(eq(configValues.key, configKeys.baseCurrency));
  const basePln = plnPer[String(base?.value)];
  if (basePln === undefined) return;
  for (const currency of await db.select({ id: currencies.id, code: currencies.code }).from(currencies)) {
    const pln = plnPer[currency.code];
    if (pln === undefined || currency.code === base?.value) continue;
    await db
      .insert(currencyRates)
      .values({ currencyId: currency.id, rate: (pln / basePln).toFixed(8), validFrom: DEMO_RATES_VALID_FROM })
      .onConflictDoNothing();
  }
}

async function accountIdOf(db: Database, login: string): Promise<number | null> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.login, login));
  return row?.id ?? null;
}

async function ensureBanner(
  db: Database,
  advertiserId: number,
  banner: (typeof demoBanners)[number],
  reviewer: number | null,
  creator: number | null,
  dataDir: string,
): Promise<number> {
  const [existing] = await db
    .select({ id: banners.id })
    .from(banners)
    .where(and(eq(banners.advertiserId, advertiserId), eq(banners.name, banner.name)));
  if (existing) return existing.id;
  const file = await writeDemoCreative(dataDir, banner);
  const [row] = await db
    .insert(banners)
    .values({
      advertiserId,
      name: banner.name,
      type: 'image',
      status: 'approved',
      width: banner.width,
      height: banner.height,
      mimeType: 'image/png',
      ...file,
      landingUrl: banner.landingUrl,
      reviewedAt: new Date(),
      reviewedByAccountId: reviewer,
      createdByAccountId: creator,
    })
    .returning({ id: banners.id });
  if (!row) throw new Error(`Could not create the demo banner ${banner.name}`);
  return row.id;
}

async function ensureCampaign(
  db: Database,
  values: typeof campaigns.$inferInsert,
  bannerIds: number[],
): Promise<void> {
  const [existing] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(eq(campaigns.advertiserId, values.advertiserId), eq(campaigns.name, values.name)));
  if (existing) return;
  const [row] = await db.insert(campaigns).values(values).returning({ id: campaigns.id });
  if (!row) throw new Error(`Could not create the demo campaign ${values.name}`);
  if (bannerIds.length)
    await db.insert(campaignBanners).values(bannerIds.map((bannerId) => ({ campaignId: row.id, bannerId })));
}
