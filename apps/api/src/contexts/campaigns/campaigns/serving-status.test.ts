import { advertisers, demoAccounts } from '@rtb/db';
import { localTime } from '@rtb/rtb';
import { type CampaignBodyInput, HOURS_PER_WEEK } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { postEntries } from '../../organisations/organisations/test-helpers';
import { organisationId, organisationUser } from '../../organisations/organisations/test-users';
import { findCampaign } from './repository';
import { campaignFactsOf } from './serving-facts';
import { addDays, createCampaign, insertBanner, insertStats, todayOf, validCampaign } from './test-helpers';

const base = '/api/advertiser/campaigns';
/** Micro-units of one minor unit of PLN (2 decimals). */
const MICROS = 10_000;

let t: TestApp;
let shop: string;
let shopId: number;
let pln: number;
let today: string;
let approved: number;
let pending: number;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  shop = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  shopId = await organisationId(t, 'advertiser', 'Demo Shop');
  pln = await t.referenceId('currencies', 'PLN');
  today = await todayOf(t, shopId);
  approved = await insertBanner(t, shopId, 'approved');
  pending = await insertBanner(t, shopId, 'pending');
  // Demo Shop is verified, has its billing data and accepted the regulations; it gets money.
  await postEntries(t, { advertiserId: shopId }, 'balance', pln, [500_000]);
});
afterAll(() => t.close());

const setStatus = (id: number, status: string, token = shop) =>
  t.call({ method: 'PUT', url: `${base}/${id}/status`, token, payload: { status } });

/** A campaign with an approved banner, activated: it serves unless the test changes something. */
async function activeCampaign(change: Partial<CampaignBodyInput> = {}, token = shop) {
  const { id } = await createCampaign(t, token, validCampaign(today, { bannerIds: [approved], ...change }));
  const res = await setStatus(id, 'active', token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return id;
}

async function servingOf(id: number, token = shop) {
  const res = await t.call({ method: 'GET', url: `${base}/${id}`, token });
  expect(res.status).toBe(200);
  return res.body.data.campaign.servingStatus as {
    serving: boolean;
    reasons: { code: string; date?: string }[];
  };
}
const codesOf = async (id: number, token = shop) => (await servingOf(id, token)).reasons.map((r) => r.code);

const updateShop = (values: Partial<typeof advertisers.$inferInsert>) =>
  t.database.db.update(advertisers).set(values).where(eq(advertisers.id, shopId));

describe('serving status', () => {
  it('serves an active campaign of a verified, paid-up advertiser with an approved banner', async () => {
    const id = await activeCampaign();
    expect(await servingOf(id)).toEqual({ serving: true, reasons: [] });
  });

  it('names the status the user set: draft, paused, archived', async () => {
    const { id } = await createCampaign(t, shop, validCampaign(today, { bannerIds: [approved] }));
    expect(await codesOf(id)).toEqual(['draft']);
    await setStatus(id, 'active');
    await setStatus(id, 'paused');
    expect(await codesOf(id)).toEqual(['paused']);
    await setStatus(id, 'archived');
    expect(await codesOf(id)).toEqual(['archived']);
  });

  it('is finished after its end date and scheduled before its start, with that day', async () => {
    const finished = await activeCampaign({ startDate: addDays(today, -7), endDate: today });
    expect(await codesOf(finished)).toEqual([]);
    await t.database.db.execute(
      `update campaigns set end_date = '${addDays(today, -1)}' where id = ${finished}`,
    );
    expect(await codesOf(finished)).toEqual(['finished']);

    const scheduled = await activeCampaign({ startDate: addDays(today, 2) });
    expect((await servingOf(scheduled)).reasons).toEqual([{ code: 'scheduled', date: addDays(today, 2) }]);
  });

  it('needs an approved creative', async () => {
    expect(await codesOf(await activeCampaign({ bannerIds: [pending] }))).toEqual(['no_approved_creative']);
    expect(await codesOf(await activeCampaign({ bannerIds: [] }))).toEqual(['no_approved_creative']);
  });

  it('needs a verified advertiser with complete billing data', async () => {
    const id = await activeCampaign();
    await updateShop({ statusVerification: 'pending' });
    expect(await codesOf(id)).toEqual(['advertiser_not_verified']);
    await updateShop({ statusVerification: 'verified', taxEmail: null });
    expect(await codesOf(id)).toEqual(['billing_incomplete']);
    await updateShop({ taxEmail: 'invoices@demo-shop.example.com' });
    expect(await codesOf(id)).toEqual([]);
  });

  it('needs the regulations accepted', async () => {
    const [fresh] = await t.database.db
      .insert(advertisers)
      .values({
        name: 'Fresh Shop',
        code: 'FRESH-SHOP',
        currencyId: pln,
        countryId: await t.referenceId('countries', 'PL'),
        taxId: 'PL1234563218',
        taxAddress: 'ul. Nowa 1, Warszawa',
        taxEmail: 'billing@fresh.example.com',
        websiteUrl: 'https://fresh.example.com',
        websiteLocales: ['pl'],
        statusVerification: 'verified',
      })
      .returning({ id: advertisers.id });
    const freshId = fresh?.id as number;
    const { token } = await organisationUser(t, 'advertiser', freshId, { login: 'owner@fresh.example.com' });
    await postEntries(t, { advertiserId: freshId }, 'balance', pln, [100_000]);
    const banner = await insertBanner(t, freshId, 'approved');
    const id = await activeCampaign({ bannerIds: [banner] }, token);
    expect(await codesOf(id, token)).toEqual(['regulation_not_accepted']);
  });

  it('needs funds: balance, else available credit, or the agency-funded balance when the agency pays', async () => {
    const id = await activeCampaign();
    await postEntries(t, { advertiserId: shopId }, 'balance', pln, [-500_000]);
    expect(await codesOf(id)).toEqual(['funds_exhausted']);
    await updateShop({ useCreditLimit: true, creditLimit: 10_000 });
    expect(await codesOf(id)).toEqual([]);
    // Credit in use up to the limit leaves nothing.
    await postEntries(t, { advertiserId: shopId }, 'balance', pln, [-10_000]);
    expect(await codesOf(id)).toEqual(['funds_exhausted']);
    await postEntries(t, { advertiserId: shopId }, 'balance', pln, [510_000]);
    await updateShop({ useCreditLimit: false, creditLimit: 0 });
    expect(await codesOf(id)).toEqual([]);

    // When the agency pays the campaigns only the balance it funded counts.
    await updateShop({ agencyPaidCampaigns: true });
    expect(await codesOf(id)).toEqual(['funds_exhausted']);
    await postEntries(t, { advertiserId: shopId }, 'agency_balance', pln, [1_000]);
    expect(await codesOf(id)).toEqual([]);
    await updateShop({ agencyPaidCampaigns: false });
  });

  it('stops when the total budget is spent, counting every day', async () => {
    const id = await activeCampaign({ totalBudget: 10_000, dailyBudget: null });
    await insertStats(t, id, addDays(today, -2), { spendMicros: 6_000 * MICROS });
    await insertStats(t, id, addDays(today, -1), { spendMicros: 3_999 * MICROS });
    expect(await codesOf(id)).toEqual([]);
    await insertStats(t, id, today, { spendMicros: 1 * MICROS });
    expect(await codesOf(id)).toEqual(['total_budget_spent']);
  });

  it('stops for the day when today’s spend reaches the daily budget (yesterday’s does not count)', async () => {
    const id = await activeCampaign({ totalBudget: null, dailyBudget: 2_000 });
    await insertStats(t, id, addDays(today, -1), { spendMicros: 5_000 * MICROS });
    expect(await codesOf(id)).toEqual([]);
    await insertStats(t, id, today, { spendMicros: 2_000 * MICROS });
    expect(await codesOf(id)).toEqual(['daily_budget_spent']);
  });

  it('is outside its hours when this hour of the advertiser’s week is not chosen', async () => {
    const now = localTime(new Date(), 'Europe/Warsaw').hourOfWeek;
    // Neither this hour nor the next: the answer holds even if the hour turns meanwhile.
    const away = new Set([now, (now + 1) % HOURS_PER_WEEK]);
    const hours = Array.from({ length: HOURS_PER_WEEK }, (_, h) => h).filter((h) => !away.has(h));
    expect(await codesOf(await activeCampaign({ hoursOfWeek: hours }))).toEqual(['outside_hours']);
    const all = Array.from({ length: HOURS_PER_WEEK }, (_, h) => h);
    expect(await codesOf(await activeCampaign({ hoursOfWeek: all }))).toEqual([]);
  });

  it('lists every reason at once, in the order they are fixed', async () => {
    const { id } = await createCampaign(t, shop, validCampaign(addDays(today, 1), { bannerIds: [pending] }));
    await updateShop({ statusVerification: 'pending' });
    expect(await servingOf(id)).toEqual({
      serving: false,
      reasons: [
        { code: 'draft' },
        { code: 'scheduled', date: addDays(today, 1) },
        { code: 'no_approved_creative' },
        { code: 'advertiser_not_verified' },
      ],
    });
    await updateShop({ statusVerification: 'verified' });
  });

  it('filters the list by whether campaigns serve now', async () => {
    const serving = await activeCampaign({ name: 'Filter serving' });
    const idle = await activeCampaign({ name: 'Filter idle', bannerIds: [pending] });
    const list = async (filter: string) =>
      (await t.call({ method: 'GET', url: `${base}?search=Filter&serving=${filter}`, token: shop })).body.data
        .campaigns;
    const yes = await list('serving');
    expect(yes.elements.map((c: { id: number }) => c.id)).toEqual([serving]);
    expect(yes.meta.total).toBe(1);
    const no = await list('not_serving');
    expect(no.elements.map((c: { id: number }) => c.id)).toEqual([idle]);
    expect(no.elements[0].servingStatus.reasons).toEqual([{ code: 'no_approved_creative' }]);
    const all = await t.call({
      method: 'GET',
      url: `${base}?serving=not_serving&perPage=2&page=2`,
      token: shop,
    });
    expect(all.body.data.campaigns.meta.page).toBe(2);
    expect(all.body.data.campaigns.elements.length).toBeLessThanOrEqual(2);
  });
});

describe('counters', () => {
  const listed = async (id: number) =>
    (
      await t.call({ method: 'GET', url: `${base}?perPage=100`, token: shop })
    ).body.data.campaigns.elements.find((c: { id: number }) => c.id === id);

  it('shows today’s spend, the totals and the CTR from the daily counters', async () => {
    const id = await activeCampaign({ name: 'Counted', totalBudget: 1_000_000, dailyBudget: 50_000 });
    expect((await listed(id)).stats).toEqual({
      spendTodayMicros: 0,
      spendTotalMicros: 0,
      impressions: 0,
      clicks: 0,
      ctr: null,
    });
    await insertStats(t, id, addDays(today, -3), { impressions: 1_000, clicks: 10, spendMicros: 2_500_000 });
    await insertStats(t, id, addDays(today, -1), { impressions: 3_000, clicks: 20, spendMicros: 7_500_000 });
    await insertStats(t, id, today, { impressions: 1_000, clicks: 20, spendMicros: 2_000_000 });
    const stats = {
      spendTodayMicros: 2_000_000,
      spendTotalMicros: 12_000_000,
      impressions: 5_000,
      clicks: 50,
      ctr: 0.01,
    };
    expect((await listed(id)).stats).toEqual(stats);
    expect(
      (await t.call({ method: 'GET', url: `${base}/${id}`, token: shop })).body.data.campaign.stats,
    ).toEqual(stats);
  });

  it('counts today in the advertiser’s time zone', async () => {
    // A zone whose day differs from UTC's now, at any hour: 14 hours ahead is tomorrow from 10:00
    // UTC on, 11 hours behind is yesterday until 11:00 UTC.
    const utc = new Date();
    const zone = utc.getUTCHours() >= 10 ? 'Pacific/Kiritimati' : 'Pacific/Pago_Pago';
    await updateShop({ timeZone: zone });
    const localDay = localTime(utc, zone).day;
    const utcDay = utc.toISOString().slice(0, 10);
    expect(localDay).not.toBe(utcDay);
    const id = await activeCampaign({ name: 'Zoned', startDate: addDays(localDay, -5) });
    await insertStats(t, id, localDay, { impressions: 10, spendMicros: 300_000 });
    await insertStats(t, id, utcDay, { impressions: 20, spendMicros: 700_000 });
    const item = await listed(id);
    expect(item).toMatchObject({ timeZone: zone, currency: 'PLN' });
    expect(item.stats).toMatchObject({
      spendTodayMicros: 300_000,
      spendTotalMicros: 1_000_000,
      impressions: 30,
    });
    await updateShop({ timeZone: 'Europe/Warsaw' });
  });

  it("paces an active campaign's day against its daily budget, and leaves others unpaced", async () => {
    // At noon of the advertiser's day the line stands at half the budget (100.00 zł a day).
    const now = new Date();
    const local = localTime(now, 'Europe/Warsaw');
    const noon = new Date(now.getTime() + (12 - (local.hourOfWeek % 24)) * 3_600_000);
    const paceOf = async (id: number) => {
      const row = await findCampaign(t.database.db, id, { advertiserId: shopId });
      if (!row) throw new Error(`no campaign ${id}`);
      return (await campaignFactsOf(t.deps, [row], noon)).get(id)?.pacingToday;
    };
    const spending = async (spendMicros: number, change: Partial<CampaignBodyInput> = {}) => {
      const id = await activeCampaign({ totalBudget: null, dailyBudget: 10_000, ...change });
      await insertStats(t, id, today, { impressions: 1, spendMicros });
      return id;
    };
    expect(await paceOf(await spending(50 * MICROS * 100))).toBe('on_track');
    expect(await paceOf(await spending(80 * MICROS * 100))).toBe('ahead');
    expect(await paceOf(await spending(20 * MICROS * 100))).toBe('behind');
    // A total budget with an end date paces against what is left of it per day left.
    const total = await spending(50 * MICROS * 100, {
      totalBudget: 100_000,
      dailyBudget: null,
      endDate: addDays(today, 9),
    });
    expect(await paceOf(total)).toBe('on_track');
    const paused = await spending(80 * MICROS * 100);
    expect((await setStatus(paused, 'paused')).status).toBe(200);
    expect(await paceOf(paused)).toBeNull();
    // The API says the same as the facts at the time it answers.
    const res = await t.call({ method: 'GET', url: `${base}/${paused}`, token: shop });
    expect(res.body.data.campaign.pacingToday).toBeNull();
  });
});
