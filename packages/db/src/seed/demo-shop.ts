import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { AudienceRule, DynamicTemplate } from '@rtb/shared';
import { and, eq, notInArray } from 'drizzle-orm';
import type { Database } from '../client';
import {
  accounts,
  advertisers,
  audiences,
  banners,
  campaignBanners,
  campaigns,
  currencies,
  feedImports,
  productFeeds,
  tags,
} from '../schema';
import { demoAccounts } from './demo';
import { stripedBannerPng } from './png';

export const DEMO_RETARGETING_CAMPAIGN = 'Retargeting – viewed products';
export const DEMO_DYNAMIC_BANNER = 'Recently viewed – dynamic';
/** The demo's standard audiences, by name: rule and lookback. */
export const demoAudiences: readonly { name: string; rule: AudienceRule; lookbackDays: number }[] = [
  { name: 'Product viewers – 30 days', rule: 'product_viewers', lookbackDays: 30 },
  { name: 'Cart abandoners – 14 days', rule: 'cart_abandoners', lookbackDays: 14 },
  { name: 'Buyers – 90 days', rule: 'buyers', lookbackDays: 90 },
];
const template: DynamicTemplate = {
  layout: 'trio',
  backgroundColour: '#ffffff',
  textColour: '#1f2937',
  accentColour: '#166534',
  callToAction: 'Shop now',
};

/**
 * Demo Shop's retargeting, on top of `seedDemoData` and `seedDemoDelivery`: its tag, its product
 * feed at the demo shop's URL (due at once: the feed worker imports it through the real
 * importer), three standard audiences, an approved dynamic banner and an active retargeting
 * campaign (product viewers, buyers excluded). Idempotent, run on every demo start: what exists
 * is kept, except that a feed still pointing at a demo shop follows `feedUrl` (the port may change).
 */
export async function seedDemoShop(
  db: Database,
  options: { dataDir: string; feedUrl: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [shop] = await tx
      .select({ id: advertisers.id })
      .from(advertisers)
      .where(eq(advertisers.code, 'DEMO-SHOP'));
    if (!shop) return;
    const creator = await accountIdOf(tx, demoAccounts.advertiser.login);
    const reviewer = await accountIdOf(tx, demoAccounts.admin.login);

    await tx
      .insert(tags)
      .values({ advertiserId: shop.id, tagKey: randomBytes(16).toString('base64url') })
      .onConflictDoNothing();

    const [feed] = await tx
      .select({ id: productFeeds.id, url: productFeeds.url })
      .from(productFeeds)
      .where(eq(productFeeds.advertiserId, shop.id));
    if (!feed)
      await tx.insert(productFeeds).values({
        advertiserId: shop.id,
        source: 'url',
        url: options.feedUrl,
        schedule: 'hourly',
        nextFetchAt: new Date(),
      });
    else if (feed.url !== options.feedUrl && feed.url?.endsWith('/demo-shop/feed.xml'))
      await tx
        .update(productFeeds)
        .set({ url: options.feedUrl, etag: null, lastModified: null, nextFetchAt: new Date() })
        .where(eq(productFeeds.id, feed.id));

    const audienceIds = new Map<AudienceRule, number>();
    for (const audience of demoAudiences) {
      const [existing] = await tx
        .select({ id: audiences.id })
        .from(audiences)
        .where(and(eq(audiences.advertiserId, shop.id), eq(audiences.name, audience.name)));
      const id =
        existing?.id ??
        (
          await tx
            .insert(audiences)
            .values({ advertiserId: shop.id, ...audience, createdByAccountId: creator })
            .returning({ id: audiences.id })
        )[0]?.id;
      if (id !== undefined) audienceIds.set(audience.rule, id);
    }

    const [campaign] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.advertiserId, shop.id), eq(campaigns.name, DEMO_RETARGETING_CAMPAIGN)));
    if (campaign) return;
    const bannerId = await ensureDynamicBanner(tx, shop.id, reviewer, creator, options.dataDir);
    const viewers = audienceIds.get('product_viewers');
    const buyers = audienceIds.get('buyers');
    const [row] = await tx
      .insert(campaigns)
      .values({
        advertiserId: shop.id,
        name: DEMO_RETARGETING_CAMPAIGN,
        status: 'active',
        startDate: new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10),
        pacing: 'even',
        dailyBudget: 80_00,
        maxCpm: 14_00,
        frequencyCapCount: 8,
        frequencyCapPeriod: 'day',
        excludedCategories: ['IAB25', 'IAB26'],
        audienceIncludeIds: viewers === undefined ? [] : [viewers],
        audienceExcludeIds: buyers === undefined ? [] : [buyers],
        createdByAccountId: creator,
      })
      .returning({ id: campaigns.id });
    if (!row) throw new Error('Could not create the demo retargeting campaign');
    await tx.insert(campaignBanners).values({ campaignId: row.id, bannerId });
  });
}

/** Demo Shop's tag key (the demo shop's pages carry it); null before the seed made it. */
export async function demoShopTagKey(db: Database): Promise<string | null> {
  const [row] = await db
    .select({ tagKey: tags.tagKey })
    .from(tags)
    .innerJoin(advertisers, eq(advertisers.id, tags.advertiserId))
    .where(eq(advertisers.code, 'DEMO-SHOP'));
  return row?.tagKey ?? null;
}

/**
 * Each advertiser's currency by id: the demo traffic's shops report their orders in it, as a
 * shop's conversion tag does (the platform refuses an order in another currency).
 */
export async function shopCurrencies(db: Database): Promise<Record<number, string>> {
  const rows = await db
    .select({ id: advertisers.id, code: currencies.code })
    .from(advertisers)
    .innerJoin(currencies, eq(currencies.id, advertisers.currencyId));
  return Object.fromEntries(rows.map((row) => [row.id, row.code]));
}

/**
 * Whether Demo Shop's feed has had an import that ended (succeeded or not): until then a shopper
 * viewing a product would be told it is not in the feed.
 */
export async function demoShopFeedImported(db: Database): Promise<boolean> {
  const [row] = await db
    .select({ id: feedImports.id })
    .from(feedImports)
    .innerJoin(advertisers, eq(advertisers.id, feedImports.advertiserId))
    .where(and(eq(advertisers.code, 'DEMO-SHOP'), notInArray(feedImports.status, ['queued', 'running'])))
    .limit(1);
  return row !== undefined;
}

async function accountIdOf(db: Database, login: string): Promise<number | null> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.login, login));
  return row?.id ?? null;
}

/** The dynamic banner: its logo written as the banner module stores files, approved. */
async function ensureDynamicBanner(
  db: Database,
  advertiserId: number,
  reviewer: number | null,
  creator: number | null,
  dataDir: string,
): Promise<number> {
  const [existing] = await db
    .select({ id: banners.id })
    .from(banners)
    .where(and(eq(banners.advertiserId, advertiserId), eq(banners.name, DEMO_DYNAMIC_BANNER)));
  if (existing) return existing.id;
  const logo = stripedBannerPng(160, 48, { a: [22, 101, 52], b: [240, 253, 244], frame: [21, 128, 61] });
  const assetKey = randomBytes(16).toString('hex');
  const assetEntry = 'logo.png';
  const root = resolve(dataDir, 'creatives');
  const partial = join(root, `.partial-${assetKey}`);
  await mkdir(partial, { recursive: true });
  await writeFile(join(partial, assetEntry), logo);
  await rename(partial, join(root, assetKey));
  const [row] = await db
    .insert(banners)
    .values({
      advertiserId,
      name: DEMO_DYNAMIC_BANNER,
      type: 'dynamic',
      status: 'approved',
      // A dynamic banner's size is its logo's; it serves in every banner size.
      width: 160,
      height: 48,
      mimeType: 'image/png',
      fileSize: logo.length,
      assetKey,
      assetEntry,
      template,
      landingUrl: 'https://demo-shop.example.com/?utm_source=rtb&utm_medium=retargeting',
      reviewedAt: new Date(),
      reviewedByAccountId: reviewer,
      createdByAccountId: creator,
    })
    .returning({ id: banners.id });
  if (!row) throw new Error('Could not create the demo dynamic banner');
  return row.id;
}
