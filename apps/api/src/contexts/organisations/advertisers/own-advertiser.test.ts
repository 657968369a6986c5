import { demoAccounts } from '@rtb/db';
import { messages, organisationMessages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf, postEntries } from '../organisations/test-helpers';
import { organisationId, organisationUser } from '../organisations/test-users';

let t: TestApp;
let admin: string;
let shopToken: string;
let soloToken: string;
let ids: { shop: number; solo: number; agency: number; PLN: number; EUR: number };

const own = (method: 'GET' | 'PUT', token: string, payload?: object, headers?: Record<string, string>) =>
  t.call({ method, url: '/api/advertiser/advertisers/me', token, payload, headers });
const billing = (method: 'GET' | 'PUT', token: string, payload?: object) =>
  t.call({ method, url: '/api/advertiser/me/billing-info', token, payload });
const adminView = async (id: number) =>
  (await t.call({ method: 'GET', url: `/api/admin/advertisers/${id}`, token: admin })).body.data.advertiser;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  shopToken = await t.loginAs('advertiser', demoAccounts.advertiser.login, demoAccounts.advertiser.password);
  soloToken = await t.loginAs('advertiser', demoAccounts.solo.login, demoAccounts.solo.password);
  ids = {
    shop: await organisationId(t, 'advertiser', 'Demo Shop'),
    solo: await organisationId(t, 'advertiser', 'Solo Store'),
    agency: await organisationId(t, 'agency', 'Demo Agency'),
    PLN: await t.referenceId('currencies', 'PLN'),
    EUR: await t.referenceId('currencies', 'EUR'),
  };
});
afterAll(() => t.close());

describe('GET /api/advertiser/advertisers/me', () => {
  it('gives the advertiser with the agency managing it, its commission and billing state', async () => {
    const res = await own('GET', shopToken);
    expect(res.status).toBe(200);
    const advertiser = res.body.data.advertiser;
    expect(advertiser).toEqual(await adminView(ids.shop));
    expect(advertiser).toMatchObject({
      id: ids.shop,
      name: 'Demo Shop',
      agency: { id: ids.agency, name: 'Demo Agency' },
      hasAgency: true,
      comissionPercent: 15,
      billingComplete: true,
      websiteLocales: ['pl', 'en'],
    });
  });

  it('gives an advertiser without an agency no agency', async () => {
    const res = await own('GET', soloToken);
    expect(res.body.data.advertiser).toMatchObject({ name: 'Solo Store', agency: null, hasAgency: false });
  });

  it('shows its own balance, the balance its agency funded and the credit', async () => {
    await t.call({
      method: 'PUT',
      url: `/api/admin/advertisers/${ids.solo}`,
      token: admin,
      payload: { name: 'Solo Store', creditLimit: 10000, useCreditLimit: true },
    });
    await postEntries(t, { advertiserId: ids.solo }, 'balance', ids.EUR, [2000, -2600]);
    await postEntries(t, { advertiserId: ids.solo }, 'agency_balance', ids.EUR, [700]);
    const res = await own('GET', soloToken);
    expect(res.body.data.advertiser).toMatchObject({
      balance: -600,
      balanceAgency: 700,
      creditLimit: 10000,
      creditValue: 600,
      availableCredit: 9400,
    });
  });
});

describe('PUT /api/advertiser/advertisers/me', () => {
  it('changes the name, phone and website, logged for the advertiser and its agency', async () => {
    const res = await own('PUT', shopToken, {
      name: 'Demo Shop PL',
      phone: '+48 600 100 200',
      websiteUrl: 'https://shop.demo.example.com/',
      websiteLocales: ['en', 'en'],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.advertiser).toMatchObject({
      name: 'Demo Shop PL',
      phone: '+48 600 100 200',
      websiteUrl: 'https://shop.demo.example.com/',
      websiteLocales: ['en'],
      billingComplete: true,
    });
    const me = await t.call({ method: 'GET', url: '/api/advertiser/me', token: shopToken });
    expect(me.body.data.me.advertiserUser.advertiser.name).toBe('Demo Shop PL');
    const [row] = (await activityOf(t, 'advertiser', ids.shop)).slice(-1);
    expect(row).toMatchObject({
      event: 'updated',
      advertiserId: ids.shop,
      agencyId: ids.agency,
      actorAccountId: me.body.data.me.id,
      changes: {
        before: {
          name: 'Demo Shop',
          phone: null,
          websiteUrl: 'https://demo-shop.example.com',
          websiteLocales: ['pl', 'en'],
        },
        after: {
          name: 'Demo Shop PL',
          phone: '+48 600 100 200',
          websiteUrl: 'https://shop.demo.example.com/',
          websiteLocales: ['en'],
        },
      },
    });
  });

  it("leaves out the admins' and the agency's fields: commission, agency, code, credit, verification", async () => {
    const before = await adminView(ids.shop);
    const res = await own('PUT', shopToken, {
      comissionPercent: 0,
      agencyId: null,
      agencyPaidCampaigns: true,
      creditLimit: 99999999,
      useCreditLimit: true,
      code: 'HIJACKED',
      externalId: 'X-1',
      statusVerification: 'verified',
      stripeId: 'cus_forged',
      balance: 100000,
      balanceAgency: 100000,
    });
    expect(res.status).toBe(200);
    const after = await adminView(ids.shop);
    expect({ ...after, updatedAt: before.updatedAt }).toEqual(before);
  });

  it.each([
    [{ websiteUrl: 'ftp://shop.example.com' }, 'websiteUrl', messages.urlInvalid],
    [{ websiteLocales: ['xx'] }, 'websiteLocales', messages.unknownLocale],
    [{ taxEmail: 'shop@@example' }, 'taxEmail', organisationMessages.taxEmail],
    [{ countryId: 999999 }, 'countryId', messages.unknownCountry],
  ])('answers %j with 422 on %s', async (payload, field, message) => {
    const before = await adminView(ids.shop);
    const res = await own('PUT', shopToken, payload);
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect(await adminView(ids.shop)).toEqual(before);
  });

  it('keeps the currency once money has moved', async () => {
    const res = await billing('PUT', soloToken, { currencyId: ids.PLN });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ currencyId: [organisationMessages.currencyLocked] });
    expect((await billing('GET', soloToken)).body.data.billingInformation.currencyLocked).toBe(true);
  });
});

describe('/api/advertiser/me/billing-info', () => {
  it("applies the advertiser's rule: website and at least one website language count too", async () => {
    const noLocales = await own('PUT', shopToken, { websiteLocales: [], websiteUrl: '' });
    expect(noLocales.body.data.advertiser).toMatchObject({
      websiteUrl: null,
      billingComplete: false,
      billingMissing: ['websiteUrl', 'websiteLocales'],
    });
    const info = await billing('GET', shopToken);
    expect(info.body.data.billingInformation).toMatchObject({
      billingComplete: false,
      billingMissing: ['websiteUrl', 'websiteLocales'],
    });
    const cleared = await billing('PUT', shopToken, { taxAddress: '' });
    expect(cleared.body.data.billingInformation.billingMissing).toEqual([
      'taxAddress',
      'websiteUrl',
      'websiteLocales',
    ]);

    await billing('PUT', shopToken, { taxAddress: 'ul. Prosta 20, 00-850 Warszawa' });
    const complete = await own('PUT', shopToken, {
      websiteUrl: 'https://demo-shop.example.com',
      websiteLocales: ['pl'],
    });
    expect(complete.body.data.advertiser).toMatchObject({ billingComplete: true, billingMissing: [] });
  });
});

describe('who may read and change it', () => {
  const routes = [
    ['GET', '/api/advertiser/advertisers/me'],
    ['PUT', '/api/advertiser/advertisers/me'],
    ['GET', '/api/advertiser/me/billing-info'],
    ['PUT', '/api/advertiser/me/billing-info'],
  ] as const;
  const call = (method: string, url: string, token?: string, headers?: Record<string, string>) =>
    t.call({
      method: method as 'GET',
      url,
      token,
      headers,
      ...(method === 'PUT' ? { payload: { name: 'Taken Over' } } : {}),
    });

  it('is for advertiser users: 401 without a session, 403 for admins and agency users', async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    for (const [method, url] of routes) {
      expect((await call(method, url)).status).toBe(401);
      for (const token of [admin, agency]) expect((await call(method, url, token)).status).toBe(403);
    }
  });

  it('lets the read-only role read it and refuses its changes', async () => {
    const viewer = await organisationUser(t, 'advertiser', ids.shop, {
      login: 'viewer@demo-shop.example.com',
      role: 'viewer',
    });
    expect((await own('GET', viewer.token)).status).toBe(200);
    expect((await own('PUT', viewer.token, { name: 'Viewer Shop' })).status).toBe(403);
    expect((await billing('PUT', viewer.token, { taxId: 'X' })).status).toBe(403);
  });

  it('refuses changes by service users, whose reads still work', async () => {
    const service = await organisationUser(t, 'advertiser', ids.shop, {
      login: 'feed-bot@demo-shop.example.com',
      type: 'service',
    });
    expect((await own('GET', service.token)).status).toBe(200);
    expect((await own('PUT', service.token, { name: 'Bot Shop' })).status).toBe(403);
    expect((await billing('PUT', service.token, { taxId: 'B' })).status).toBe(403);
  });

  it('never reaches another advertiser through forged advertiser-id or agency-id headers', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'advertiser-id': String(ids.shop) },
      { 'agency-id': String(ids.agency) },
    ])
      for (const [method, url] of routes) {
        const res = await call(method, url, soloToken, headers);
        expect(res.status, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(res.body.data).toBeUndefined();
      }
    for (const [method, url] of routes) {
      const res = await call(method, url, shopToken, { 'advertiser-id': String(ids.solo) });
      expect(res.status).toBe(403);
      expect(JSON.stringify(res.body)).not.toContain('Solo');
    }
    expect((await adminView(ids.solo)).name).toBe('Solo Store');
  });
});
