import { randomUUID } from 'node:crypto';
import { advertisers, banners, campaignDailyStats } from '@rtb/db';
import { localTime } from '@rtb/rtb';
import type { BannerStatus, CampaignBodyInput, CampaignStatus } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TestApp } from '../../../test/harness';

/**
 * A banner row of the advertiser, inserted straight into the table (the upload API is the
 * banners module's): a 300x250 image in the status asked for.
 */
export async function insertBanner(
  t: TestApp,
  advertiserId: number,
  status: BannerStatus = 'approved',
  name = 'Banner',
): Promise<number> {
  const [row] = await t.database.db
    .insert(banners)
    .values({
      advertiserId,
      name,
      type: 'image',
      status,
      width: 300,
      height: 250,
      mimeType: 'image/png',
      fileSize: 1234,
      landingUrl: 'https://shop.example.com/',
      assetKey: randomUUID(),
      assetEntry: 'banner.png',
      ...(status === 'rejected' ? { rejectionReason: 'poor_quality' as const } : {}),
    })
    .returning({ id: banners.id });
  if (!row) throw new Error('banner not inserted');
  return row.id;
}

/** The advertiser's current day in its time zone. */
export async function todayOf(t: TestApp, advertiserId: number): Promise<string> {
  const [row] = await t.database.db
    .select({ timeZone: advertisers.timeZone })
    .from(advertisers)
    .where(eq(advertisers.id, advertiserId));
  if (!row) throw new Error(`no advertiser ${advertiserId}`);
  return localTime(new Date(), row.timeZone).day;
}

/** A day `days` after (or before) `day`, `YYYY-MM-DD`. */
export const addDays = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** Counters of one campaign's day, as the bidder will write them. */
export async function insertStats(
  t: TestApp,
  campaignId: number,
  day: string,
  counters: { impressions?: number; clicks?: number; spendMicros?: number },
): Promise<void> {
  await t.database.db.insert(campaignDailyStats).values({ campaignId, day, ...counters });
}

/** A campaign form that passes every rule (from today, PLN amounts above the minimums). */
export const validCampaign = (today: string, change: Partial<CampaignBodyInput> = {}): CampaignBodyInput => ({
  name: 'Spring sale',
  startDate: today,
  endDate: null,
  totalBudget: 100_000,
  dailyBudget: 5_000,
  maxCpm: 250,
  ...change,
});

/** Creates a campaign through the API as the token's advertiser; returns it. */
export async function createCampaign(t: TestApp, token: string, body: CampaignBodyInput) {
  const res = await t.call({ method: 'POST', url: '/api/advertiser/campaigns', token, payload: body });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.campaign as { id: number; status: string; [key: string]: unknown };
}

/** Sets a campaign's status through the API as the token's advertiser (200 expected). */
export async function setCampaignStatus(t: TestApp, token: string, id: number, status: CampaignStatus) {
  const res = await t.call({
    method: 'PUT',
    url: `/api/advertiser/campaigns/${id}/status`,
    token,
    payload: { status },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}
