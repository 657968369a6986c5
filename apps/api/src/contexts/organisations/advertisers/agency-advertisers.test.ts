import { accounts, activityLogs, advertisers, agencies, demoAccounts, emailTemplates } from '@rtb/db';
import { advertiserMessages, messages, organisationUserMessages } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import {
  activate,
  activatedUser,
  demoAndOtherOrganisations,
  mailsTo,
} from '../../identity/users/test-helpers';
import { activityOf } from '../organisations/test-helpers';

let t: TestApp;
let admin: string;
let agency: string;
let demoAgencyId: number;
let demoShopId: number;
let soloId: number;
let otherAgencyShopId: number;
let ids: { PLN: number; PL: number };

const base = '/api/agency/advertisers';

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  ({
    demoAgency: demoAgencyId,
    demoShop: demoShopId,
    solo: soloId,
    otherShop: otherAgencyShopId,
  } = await demoAndOtherOrganisations(t, admin));
  ids = { PLN: await t.referenceId('currencies', 'PLN'), PL: await t.referenceId('countries', 'PL') };
});
afterAll(() => t.close());

type Advertiser = Record<string, unknown> & { id: number; name: string };
const list = async (query = '', token = agency) => {
  const res = await t.call({ method: 'GET', url: `${base}?${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.advertisers as { elements: Advertiser[]; meta: Record<string, number> };
};
const names = (l: { elements: Advertiser[] }) => l.elements.map((a) => a.name);
const firstUser = (email: string) => ({
  userEmail: email,
  userFirstName: 'Fiona',
  userLastName: 'First',
  userPhone: '+48 600 100 200',
  userLocale: 'pl',
});
const create = (payload: Record<string, unknown>, token = agency) =>
  t.call({ method: 'POST', url: base, token, payload });
const put = (id: number, payload: Record<string, unknown>, token = agency) =>
  t.call({ method: 'PUT', url: `${base}/${id}`, token, payload });

describe("the agency's advertisers", () => {
  it('lists only its own advertisers, with status and balances, 25 a page by default', async () => {
    const { elements, meta } = await list();
    expect(names({ elements })).toEqual(['Demo Shop']);
    expect(meta).toEqual({ page: 1, perPage: 25, total: 1, lastPage: 1 });
    expect(elements[0]).toMatchObject({
      id: demoShopId,
      code: 'DEMO-SHOP',
      statusVerification: 'verified',
      balance: 0,
      balanceAgency: 0,
      comissionPercent: 15,
      agency: { id: demoAgencyId, name: 'Demo Agency' },
      billingComplete: true,
    });
  });

  it('searches, filters by status, sorts and pages within the agency only', async () => {
    for (const name of ['Alpha Garden', 'Beta Books', 'Gamma Games']) {
      const res = await create({
        name,
        ...firstUser(`${name.split(' ')[0]?.toLowerCase()}@shops.example.com`),
      });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
    }
    expect(names(await list('search=books'))).toEqual(['Beta Books']);
    // Another agency's or an independent advertiser never shows, whatever the search.
    expect(names(await list('search=other agency'))).toEqual([]);
    expect(names(await list('search=solo'))).toEqual([]);
    expect(names(await list('statusVerification=unverified'))).toEqual([
      'Alpha Garden',
      'Beta Books',
      'Gamma Games',
    ]);
    expect(names(await list('sort=name&order=desc&perPage=2'))).toEqual(['Gamma Games', 'Demo Shop']);
    const second = await list('sort=name&perPage=2&page=2');
    expect(names(second)).toEqual(['Demo Shop', 'Gamma Games']);
    expect(second.meta).toEqual({ page: 2, perPage: 2, total: 4, lastPage: 2 });
    // The admin's filters are not the agency's: no picking another agency.
    expect((await list(`agencyId=999&hasAgency=false`)).meta.total).toBe(4);
    const bad = await t.call({
      method: 'GET',
      url: `${base}?sort=balance&statusVerification=ok`,
      token: agency,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['sort', 'statusVerification']);
  });

  it("shows one of its advertisers, and answers 404 Not Found for anyone else's", async () => {
    const res = await t.call({ method: 'GET', url: `${base}/${demoShopId}`, token: agency });
    expect(res.status).toBe(200);
    expect(res.body.data.advertiser).toMatchObject({ id: demoShopId, name: 'Demo Shop' });
    for (const id of [soloId, otherAgencyShopId, 999999]) {
      const other = await t.call({ method: 'GET', url: `${base}/${id}`, token: agency });
      expect(other.status, String(id)).toBe(404);
      expect(other.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
    }
  });
});

describe('adding an advertiser with its first user', () => {
  it('creates both under the agency, mails the activation to the user and logs both', async () => {
    const res = await create({
      name: 'Kitchen Corner',
      websiteUrl: 'https://kitchen-corner.example.com',
      websiteLocales: ['pl', 'en'],
      comissionPercent: '12.50',
      agencyPaidCampaigns: true,
      currencyId: ids.PLN,
      countryId: ids.PL,
      taxId: 'PL123',
      taxAddress: 'ul. Kuchenna 1, Kraków',
      taxEmail: 'Billing@Kitchen-Corner.example.com',
      ...firstUser(' Owner@Kitchen-Corner.example.com '),
      // Admin-only fields are not the agency's to set: they are ignored.
      code: 'MY-CODE',
      externalId: 'crm-1',
      agencyId: 999,
      creditLimit: 100000,
      useCreditLimit: true,
      statusVerification: 'verified',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { advertiser, advertiserUser } = res.body.data;
    expect(advertiser).toMatchObject({
      name: 'Kitchen Corner',
      code: expect.stringMatching(/^KITCHEN-CORNER-[0-9A-F]{4}$/),
      externalId: null,
      agency: { id: demoAgencyId, name: 'Demo Agency' },
      comissionPercent: 12.5,
      agencyPaidCampaigns: true,
      websiteLocales: ['pl', 'en'],
      taxEmail: 'billing@kitchen-corner.example.com',
      creditLimit: 0,
      useCreditLimit: false,
      statusVerification: 'unverified',
      billingComplete: true,
    });
    expect(advertiserUser).toMatchObject({
      email: 'owner@kitchen-corner.example.com',
      firstName: 'Fiona',
      lastName: 'First',
      phone: '+48 600 100 200',
      locale: 'pl',
      role: { slug: 'admin' },
      type: 'default',
      emailVerified: false,
      advertiserId: advertiser.id,
      advertiser: { id: advertiser.id, name: 'Kitchen Corner', agencyId: demoAgencyId },
    });
    const [mail] = await mailsTo(t, 'owner@kitchen-corner.example.com', 'account-activation');
    expect(mail).toMatchObject({ locale: 'pl', status: 'pending' });
    expect(mail?.html).toContain('http://panel.test/account/advertiser/activate?token=');

    const [created] = await activityOf(t, 'advertiser', advertiser.id);
    expect(created).toMatchObject({ event: 'created', agencyId: demoAgencyId, advertiserId: advertiser.id });
    const [userLog] = await activityOf(t, 'advertiser_user', advertiserUser.id);
    expect(userLog).toMatchObject({ event: 'created', agencyId: demoAgencyId, advertiserId: advertiser.id });

    // The user activates and lands in their advertiser as its administrator.
    const token = await activate(t, 'advertiser', 'owner@kitchen-corner.example.com');
    const me = await t.call({ method: 'GET', url: '/api/advertiser/me', token });
    expect(me.body.data.me).toMatchObject({
      localRole: 'admin',
      advertiserUser: { advertiserId: advertiser.id },
    });
  });

  it('takes the default commission capped at the agency limit when none is given', async () => {
    await t.database.db
      .update(agencies)
      .set({ commissionPercentLimit: '10.00' })
      .where(eq(agencies.id, demoAgencyId));
    const res = await create({ name: 'Capped Corner', ...firstUser('capped@example.com') });
    await t.database.db
      .update(agencies)
      .set({ commissionPercentLimit: '20.00' })
      .where(eq(agencies.id, demoAgencyId));
    expect(res.status).toBe(201);
    expect(res.body.data.advertiser.comissionPercent).toBe(10);
  });

  it("refuses a commission above the agency's limit and a taken e-mail, all at once, writing nothing", async () => {
    const before = await t.database.db.select().from(advertisers);
    const res = await create({
      name: 'Greedy Corner',
      comissionPercent: 20.01,
      websiteLocales: ['xx'],
      ...firstUser(demoAccounts.advertiser.login),
      userLocale: 'xx',
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: {
        comissionPercent: [advertiserMessages.commissionAboveLimit],
        websiteLocales: [messages.unknownLocale],
        userEmail: [organisationUserMessages.emailTaken],
        userLocale: [messages.unknownLocale],
      },
    });
    expect(await t.database.db.select().from(advertisers)).toHaveLength(before.length);
  });

  it('validates the shape with field keys', async () => {
    const res = await create({
      name: '',
      websiteUrl: 'ftp://nope.example.com',
      comissionPercent: 101,
      taxEmail: 'nope',
      userEmail: 'not-an-email',
      userFirstName: ' ',
      userPhone: 'call me',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'comissionPercent',
      'name',
      'taxEmail',
      'userEmail',
      'userFirstName',
      'userLastName',
      'userPhone',
      'websiteUrl',
    ]);
  });

  it('is one transaction: when the user part fails, the advertiser is not written either', async () => {
    const templates = await t.database.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.key, 'account-activation'));
    await t.database.db.delete(emailTemplates).where(eq(emailTemplates.key, 'account-activation'));
    const logsBefore = await t.database.db.select().from(activityLogs);
    const res = await create({ name: 'Half Written', ...firstUser('half@example.com') });
    await t.database.db.insert(emailTemplates).values(templates.map(({ id: _id, ...template }) => template));
    expect(res.status).toBe(500);
    expect(
      await t.database.db.select().from(advertisers).where(eq(advertisers.name, 'Half Written')),
    ).toEqual([]);
    expect(await t.database.db.select().from(accounts).where(eq(accounts.login, 'half@example.com'))).toEqual(
      [],
    );
    expect(await t.database.db.select().from(activityLogs)).toHaveLength(logsBefore.length);
    // With the template back the same request goes through.
    expect((await create({ name: 'Half Written', ...firstUser('half@example.com') })).status).toBe(201);
  });
});

describe('editing an advertiser', () => {
  const editable = {
    name: 'Demo Shop',
    websiteUrl: 'https://shop.demo.example.com',
    websiteLocales: ['en'],
    comissionPercent: '18.25',
    agencyPaidCampaigns: true,
    phone: '+48 22 000 00 00',
  };

  it('changes name, website, commission, agency-paid campaigns and billing data, and logs the change', async () => {
    const res = await put(demoShopId, editable);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.advertiser).toMatchObject({
      websiteUrl: 'https://shop.demo.example.com',
      websiteLocales: ['en'],
      comissionPercent: 18.25,
      agencyPaidCampaigns: true,
      phone: '+48 22 000 00 00',
    });
    const last = (await activityOf(t, 'advertiser', demoShopId)).at(-1);
    expect(last).toMatchObject({
      event: 'updated',
      agencyId: demoAgencyId,
      changes: { after: { commissionPercent: 18.25, agencyPaidCampaigns: true } },
    });
  });

  it('leaves the fields only admins set as they are', async () => {
    await t.database.db
      .update(advertisers)
      .set({ creditLimit: 5000, useCreditLimit: true, externalId: 'crm-9' })
      .where(eq(advertisers.id, demoShopId));
    const res = await put(demoShopId, {
      ...editable,
      code: 'STOLEN',
      externalId: 'mine',
      agencyId: null,
      creditLimit: 99999999,
      useCreditLimit: false,
      statusVerification: 'rejected',
      balance: 1000000,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.advertiser).toMatchObject({
      code: 'DEMO-SHOP',
      externalId: 'crm-9',
      agency: { id: demoAgencyId },
      creditLimit: 5000,
      useCreditLimit: true,
      statusVerification: 'verified',
      balance: 0,
    });
  });

  it("refuses a commission above the agency's limit", async () => {
    const res = await put(demoShopId, { ...editable, comissionPercent: '20.50' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ comissionPercent: [advertiserMessages.commissionAboveLimit] });
  });

  it("answers 404 for another agency's or an independent advertiser, changing nothing", async () => {
    for (const id of [soloId, otherAgencyShopId]) {
      const [before] = await t.database.db.select().from(advertisers).where(eq(advertisers.id, id));
      const res = await put(id, { ...editable, name: 'Hijacked' });
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
      const [after] = await t.database.db.select().from(advertisers).where(eq(advertisers.id, id));
      expect(after).toEqual(before);
    }
  });
});

describe('who may', () => {
  it('a read-only agency user reads but neither adds nor edits', async () => {
    const viewer = await activatedUser(t, admin, 'agency', demoAgencyId, {
      email: 'viewer@demo-agency.example.com',
      role: 'viewer',
    });
    expect((await list('', viewer.token)).meta.total).toBeGreaterThan(0);
    expect((await t.call({ method: 'GET', url: `${base}/${demoShopId}`, token: viewer.token })).status).toBe(
      200,
    );
    const created = await create(
      { name: 'Viewer Shop', ...firstUser('viewer-shop@example.com') },
      viewer.token,
    );
    expect(created.status).toBe(403);
    expect(created.body).toEqual({ message: messages.forbidden, code: 403, error: 'common.forbidden' });
    expect((await put(demoShopId, { name: 'Viewer Edit' }, viewer.token)).status).toBe(403);
    expect(await mailsTo(t, 'viewer-shop@example.com', 'account-activation')).toHaveLength(0);
  });

  it('admins and advertisers get 403, and no token 401', async () => {
    const advertiser = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    for (const token of [admin, advertiser]) {
      expect((await t.call({ method: 'GET', url: base, token })).status).toBe(403);
      expect((await t.call({ method: 'GET', url: `${base}/${demoShopId}`, token })).status).toBe(403);
      expect((await put(demoShopId, { name: 'Nope' }, token)).status).toBe(403);
    }
    expect((await t.call({ method: 'GET', url: base })).status).toBe(401);
    const [shop] = await t.database.db
      .select({ name: advertisers.name })
      .from(advertisers)
      .where(and(eq(advertisers.id, demoShopId)));
    expect(shop?.name).toBe('Demo Shop');
  });
});
