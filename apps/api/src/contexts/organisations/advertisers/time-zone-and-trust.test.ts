import { advertisers, demoAccounts } from '@rtb/db';
import { campaignMessages, messages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { bannerRow, insertBanner } from '../../campaigns/banner-reviews/test-helpers';
import { activityOf } from '../organisations/test-helpers';
import { organisationId } from '../organisations/test-users';

let t: TestApp;
let admin: string;
let agency: string;
let shopToken: string;
let ids: { shop: number; solo: number; agency: number };

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  shopToken = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
    agency: await organisationId(t, 'agency', 'Demo Agency'),
  };
});
afterAll(() => t.close());

const call = (method: 'POST' | 'PUT', url: string, token: string, payload: Record<string, unknown>) =>
  t.call({ method, url, token, payload });
const row = async (id: number) => {
  const [found] = await t.database.db.select().from(advertisers).where(eq(advertisers.id, id));
  if (!found) throw new Error(`no advertiser ${id}`);
  return found;
};
const setDefaultTimeZone = async (value: string) => {
  const list = await t.call({
    method: 'GET',
    url: '/api/admin/config-values?search=default_time_zone',
    token: admin,
  });
  const id = list.body.data.configValues.elements[0].id;
  const res = await call('PUT', `/api/admin/config-values/${id}`, admin, { value });
  expect(res.status).toBe(200);
};
const firstUser = (email: string) => ({
  userEmail: email,
  userFirstName: 'Fiona',
  userLastName: 'First',
  userLocale: 'en',
});
const zoneError = {
  message: messages.validation,
  code: 422,
  error: 'validation.failed',
  issues: expect.any(Object),
  errors: { timeZone: [campaignMessages.timeZoneUnknown] },
};

describe("an advertiser's time zone", () => {
  it('starts as the config value default_time_zone on every way in: admin, agency, registration', async () => {
    await setDefaultTimeZone('America/Chicago');
    try {
      const byAdmin = await call('POST', '/api/admin/advertisers', admin, { name: 'Chicago Admin Shop' });
      expect(byAdmin.status).toBe(201);
      expect(byAdmin.body.data.advertiser).toMatchObject({
        timeZone: 'America/Chicago',
        creativesTrusted: false,
      });

      const byAgency = await call('POST', '/api/agency/advertisers', agency, {
        name: 'Chicago Agency Shop',
        ...firstUser('fiona@chicago.example.com'),
      });
      expect(byAgency.status, JSON.stringify(byAgency.body)).toBe(201);
      expect(byAgency.body.data.advertiser.timeZone).toBe('America/Chicago');

      const registered = await t.call({
        method: 'POST',
        url: '/api/advertiser/auth/register',
        payload: {
          name: 'Chicago Registered Shop',
          firstName: 'Rita',
          lastName: 'Reg',
          email: 'rita@chicago.example.com',
          password: 'lantern-parsley-42',
          passwordConfirmation: 'lantern-parsley-42',
          websiteUrl: 'https://chicago.example.com',
          countryId: await t.referenceId('countries', 'PL'),
          currencyId: await t.referenceId('currencies', 'PLN'),
        },
      });
      expect(registered.status, JSON.stringify(registered.body)).toBe(201);
      const [created] = await t.database.db
        .select()
        .from(advertisers)
        .where(eq(advertisers.name, 'Chicago Registered Shop'));
      expect(created?.timeZone).toBe('America/Chicago');
    } finally {
      await setDefaultTimeZone('Europe/Warsaw');
    }
    const later = await call('POST', '/api/admin/advertisers', admin, { name: 'Warsaw Shop' });
    expect(later.body.data.advertiser.timeZone).toBe('Europe/Warsaw');
  });

  it('takes a given zone on create, from the admin and from the agency', async () => {
    const byAdmin = await call('POST', '/api/admin/advertisers', admin, {
      name: 'Tokyo Shop',
      timeZone: 'Asia/Tokyo',
    });
    expect(byAdmin.body.data.advertiser.timeZone).toBe('Asia/Tokyo');
    const byAgency = await call('POST', '/api/agency/advertisers', agency, {
      name: 'Lisbon Shop',
      timeZone: 'Europe/Lisbon',
      ...firstUser('fiona@lisbon.example.com'),
    });
    expect(byAgency.body.data.advertiser.timeZone).toBe('Europe/Lisbon');
  });

  it('is changed by the admin, the agency and the advertiser itself, each logged with before and after', async () => {
    const byAdmin = await call('PUT', `/api/admin/advertisers/${ids.shop}`, admin, {
      name: 'Demo Shop',
      timeZone: 'Europe/London',
    });
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body.data.advertiser.timeZone).toBe('Europe/London');
    const byAgency = await call('PUT', `/api/agency/advertisers/${ids.shop}`, agency, {
      name: 'Demo Shop',
      timeZone: 'Europe/Berlin',
    });
    expect(byAgency.body.data.advertiser.timeZone).toBe('Europe/Berlin');
    const own = await call('PUT', '/api/advertiser/advertisers/me', shopToken, { timeZone: 'Europe/Warsaw' });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(own.body.data.advertiser.timeZone).toBe('Europe/Warsaw');
    expect((await row(ids.shop)).timeZone).toBe('Europe/Warsaw');
    const changes = (await activityOf(t, 'advertiser', ids.shop)).map((log) => log.changes);
    expect(changes.slice(-3)).toEqual([
      { before: { timeZone: 'Europe/Warsaw' }, after: { timeZone: 'Europe/London' } },
      { before: { timeZone: 'Europe/London' }, after: { timeZone: 'Europe/Berlin' } },
      { before: { timeZone: 'Europe/Berlin' }, after: { timeZone: 'Europe/Warsaw' } },
    ]);
  });

  it('refuses a zone that is not an IANA name with 422 on timeZone, on every body', async () => {
    for (const timeZone of ['Europe/Atlantis', 'CET+1', '', 'x'.repeat(65)]) {
      const attempts = [
        call('POST', '/api/admin/advertisers', admin, { name: 'Nowhere Shop', timeZone }),
        call('PUT', `/api/admin/advertisers/${ids.shop}`, admin, { name: 'Demo Shop', timeZone }),
        call('PUT', `/api/agency/advertisers/${ids.shop}`, agency, { name: 'Demo Shop', timeZone }),
        call('POST', '/api/agency/advertisers', agency, {
          name: 'Nowhere Shop',
          timeZone,
          ...firstUser('fiona@nowhere.example.com'),
        }),
        call('PUT', '/api/advertiser/advertisers/me', shopToken, { timeZone }),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.status, timeZone).toBe(422);
        expect(res.body.errors.timeZone, timeZone).toBeDefined();
      }
    }
    const named = await call('PUT', `/api/admin/advertisers/${ids.shop}`, admin, {
      name: 'Demo Shop',
      timeZone: 'Mars/Olympus',
    });
    expect(named.body).toEqual(zoneError);
    expect((await row(ids.shop)).timeZone).toBe('Europe/Warsaw');
    const [nowhere] = await t.database.db
      .select()
      .from(advertisers)
      .where(eq(advertisers.name, 'Nowhere Shop'));
    expect(nowhere).toBeUndefined();
  });
});

describe("the 'trusted for creatives' switch", () => {
  it('is set by admins only: the agency and the advertiser bodies drop it', async () => {
    const byAgency = await call('PUT', `/api/agency/advertisers/${ids.shop}`, agency, {
      name: 'Demo Shop',
      creativesTrusted: true,
    });
    expect(byAgency.status).toBe(200);
    expect(byAgency.body.data.advertiser.creativesTrusted).toBe(false);
    const created = await call('POST', '/api/agency/advertisers', agency, {
      name: 'Self-trusting Shop',
      creativesTrusted: true,
      ...firstUser('fiona@self-trusting.example.com'),
    });
    expect(created.status).toBe(201);
    expect((await row(created.body.data.advertiser.id)).creativesTrusted).toBe(false);
    const own = await call('PUT', '/api/advertiser/advertisers/me', shopToken, {
      name: 'Demo Shop',
      creativesTrusted: true,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.advertiser.creativesTrusted).toBe(false);
    expect((await row(ids.shop)).creativesTrusted).toBe(false);
    const byAdmin = await call('POST', '/api/admin/advertisers', admin, {
      name: 'Trusted Shop',
      creativesTrusted: true,
    });
    expect(byAdmin.body.data.advertiser.creativesTrusted).toBe(true);
  });

  it("turning it on approves the advertiser's pending creatives in the same change, each logged", async () => {
    const db = t.database.db;
    const first = await insertBanner(db, { advertiserId: ids.shop, name: 'Waiting one' });
    const second = await insertBanner(db, { advertiserId: ids.shop, name: 'Waiting two' });
    const rejected = await insertBanner(db, {
      advertiserId: ids.shop,
      name: 'Rejected one',
      status: 'rejected',
      rejectionReason: 'trademark',
    });
    const others = await insertBanner(db, { advertiserId: ids.solo, name: 'Solo waiting' });

    const res = await call('PUT', `/api/admin/advertisers/${ids.shop}`, admin, {
      name: 'Demo Shop',
      creativesTrusted: true,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.advertiser.creativesTrusted).toBe(true);
    for (const banner of [first, second]) {
      expect(await bannerRow(db, banner.id)).toMatchObject({
        status: 'approved',
        reviewedAt: expect.any(Date),
        reviewedByAccountId: expect.any(Number),
      });
      expect(
        (await activityOf(t, 'banner', banner.id)).map((log) => [
          log.advertiserId,
          log.agencyId,
          log.changes,
        ]),
      ).toEqual([[ids.shop, ids.agency, { before: { status: 'pending' }, after: { status: 'approved' } }]]);
    }
    // Only pending ones, and only this advertiser's.
    expect((await bannerRow(db, rejected.id)).status).toBe('rejected');
    expect((await bannerRow(db, others.id)).status).toBe('pending');
    const queue = await t.call({ method: 'GET', url: '/api/admin/banners/review', token: admin });
    expect(queue.body.data.banners.elements.map((b: { name: string }) => b.name)).toEqual(['Solo waiting']);
    expect((await activityOf(t, 'advertiser', ids.shop)).at(-1)?.changes).toEqual({
      before: { creativesTrusted: false },
      after: { creativesTrusted: true },
    });
  });

  it('saving a trusted advertiser again, or turning the switch off, decides nothing', async () => {
    const db = t.database.db;
    const later = await insertBanner(db, { advertiserId: ids.shop, name: 'Arrived while trusted' });
    expect(
      (
        await call('PUT', `/api/admin/advertisers/${ids.shop}`, admin, {
          name: 'Demo Shop',
          creativesTrusted: true,
        })
      ).status,
    ).toBe(200);
    expect((await bannerRow(db, later.id)).status).toBe('pending');
    const off = await call('PUT', `/api/admin/advertisers/${ids.shop}`, admin, {
      name: 'Demo Shop',
      creativesTrusted: false,
    });
    expect(off.body.data.advertiser.creativesTrusted).toBe(false);
    expect((await bannerRow(db, later.id)).status).toBe('pending');
    expect(await activityOf(t, 'banner', later.id)).toEqual([]);
  });

  it('nothing is approved when the change is refused', async () => {
    const db = t.database.db;
    const waiting = await insertBanner(db, { advertiserId: ids.solo, name: 'Solo still waiting' });
    // The body is valid; the advertiser's rules (an existing agency) refuse it.
    const res = await call('PUT', `/api/admin/advertisers/${ids.solo}`, admin, {
      name: 'Solo Store',
      creativesTrusted: true,
      agencyId: 999_999,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['agencyId']);
    expect((await row(ids.solo)).creativesTrusted).toBe(false);
    expect((await bannerRow(db, waiting.id)).status).toBe('pending');
  });
});
