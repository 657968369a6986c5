import { demoAccounts } from '@rtb/db';
import { messages, organisationMessages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf, postEntries } from '../organisations/test-helpers';
import { organisationId, organisationUser } from '../organisations/test-users';

let t: TestApp;
let admin: string;
let agencyToken: string;
let ids: {
  agency: number;
  other: number;
  otherAdvertiser: number;
  demoShop: number;
  PLN: number;
  EUR: number;
};

const own = (method: 'GET' | 'PUT', token: string, payload?: object, headers?: Record<string, string>) =>
  t.call({ method, url: '/api/agency/agencies/me', token, payload, headers });
const billing = (method: 'GET' | 'PUT', token: string, payload?: object) =>
  t.call({ method, url: '/api/agency/me/billing-info', token, payload });
const adminView = async (id: number) =>
  (await t.call({ method: 'GET', url: `/api/admin/agencies/${id}`, token: admin })).body.data.agency;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  agencyToken = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
  ids = {
    agency: await organisationId(t, 'agency', 'Demo Agency'),
    demoShop: await organisationId(t, 'advertiser', 'Demo Shop'),
    PLN: await t.referenceId('currencies', 'PLN'),
    EUR: await t.referenceId('currencies', 'EUR'),
    other: 0,
    otherAdvertiser: 0,
  };
  const other = await t.call({
    method: 'POST',
    url: '/api/admin/agencies',
    token: admin,
    payload: { name: 'Rival Agency', taxId: 'RIVAL-SECRET-TAX', creditLimit: 50000, useCreditLimit: true },
  });
  ids.other = other.body.data.agency.id;
  const advertiser = await t.call({
    method: 'POST',
    url: '/api/admin/advertisers',
    token: admin,
    payload: { name: 'Rival Shop', agencyId: ids.other },
  });
  ids.otherAdvertiser = advertiser.body.data.advertiser.id;
});
afterAll(() => t.close());

describe('GET /api/agency/agencies/me', () => {
  it("gives the signed-in user's agency as the admin sees it: billing state, money, verification", async () => {
    const res = await own('GET', agencyToken);
    expect(res.status).toBe(200);
    const agency = res.body.data.agency;
    expect(agency).toEqual(await adminView(ids.agency));
    expect(agency).toMatchObject({
      id: ids.agency,
      name: 'Demo Agency',
      statusVerification: 'verified',
      billingComplete: true,
      billingMissing: [],
      hasRegulationAccepted: true,
      currency: { code: 'PLN' },
      balance: 0,
      creditValue: 0,
      availableCredit: 0,
    });
  });

  it('shows the ledger balance with the credit in use and the credit still available', async () => {
    await t.call({
      method: 'PUT',
      url: `/api/admin/agencies/${ids.other}`,
      token: admin,
      payload: { name: 'Rival Agency', currencyId: ids.EUR },
    });
    await postEntries(t, { agencyId: ids.other }, 'balance', ids.EUR, [1000, -3500]);
    const rival = await organisationUser(t, 'agency', ids.other, { login: 'money@rival.example.com' });
    const res = await own('GET', rival.token);
    expect(res.body.data.agency).toMatchObject({
      balance: -2500,
      creditLimit: 50000,
      useCreditLimit: true,
      creditValue: 2500,
      availableCredit: 47500,
    });
  });
});

describe('PUT /api/agency/agencies/me', () => {
  it('changes the name, phone and billing data and logs the change with the actor', async () => {
    const before = await adminView(ids.agency);
    const res = await own('PUT', agencyToken, {
      name: 'Demo Agency Group',
      phone: '+48 22 765 43 21',
      taxAddress: 'ul. Nowa 5, 00-002 Warszawa',
      taxEmail: ' Invoices@Demo-Agency.example.com ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.agency).toMatchObject({
      name: 'Demo Agency Group',
      phone: '+48 22 765 43 21',
      taxAddress: 'ul. Nowa 5, 00-002 Warszawa',
      taxEmail: 'invoices@demo-agency.example.com',
      taxId: before.taxId,
      billingComplete: true,
    });
    // The session carries the agency's name: the next request of the user already reads the new one.
    const me = await t.call({ method: 'GET', url: '/api/agency/me', token: agencyToken });
    expect(me.body.data.me.agencyUser.agency.name).toBe('Demo Agency Group');
    const [row] = (await activityOf(t, 'agency', ids.agency)).slice(-1);
    expect(row).toMatchObject({
      event: 'updated',
      agencyId: ids.agency,
      advertiserId: null,
      actorAccountId: me.body.data.me.id,
      impersonatorAccountId: null,
      changes: {
        before: {
          name: 'Demo Agency',
          phone: before.phone,
          taxAddress: before.taxAddress,
          taxEmail: before.taxEmail,
        },
        after: {
          name: 'Demo Agency Group',
          phone: '+48 22 765 43 21',
          taxAddress: 'ul. Nowa 5, 00-002 Warszawa',
          taxEmail: 'invoices@demo-agency.example.com',
        },
      },
    });
  });

  it('leaves out what only admins set: credit, commission limit, verification, payment id, balance', async () => {
    const before = await adminView(ids.agency);
    const rows = (await activityOf(t, 'agency', ids.agency)).length;
    const res = await own('PUT', agencyToken, {
      creditLimit: 99999999,
      useCreditLimit: true,
      commissionPercentLimit: 99,
      statusVerification: 'rejected',
      stripeId: 'cus_forged',
      balance: 1000000,
      id: ids.other,
    });
    expect(res.status).toBe(200);
    expect(await adminView(ids.agency)).toEqual(before);
    expect(await activityOf(t, 'agency', ids.agency)).toHaveLength(rows);
    expect(await adminView(ids.other)).toMatchObject({ name: 'Rival Agency', stripeId: null });
  });

  it.each([
    [{ taxEmail: 'not-an-email' }, 'taxEmail', organisationMessages.taxEmail],
    [{ countryId: 999999 }, 'countryId', messages.unknownCountry],
    [{ currencyId: 999999 }, 'currencyId', messages.unknownCurrency],
    [{ phone: 'call me' }, 'phone', expect.any(String)],
    [{ name: 'X' }, 'name', expect.any(String)],
  ])('answers %j with 422 on %s and changes nothing', async (payload, field, message) => {
    const before = await adminView(ids.agency);
    const res = await own('PUT', agencyToken, payload);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(messages.validation);
    expect(res.body.errors).toEqual({ [field]: [message] });
    expect(await adminView(ids.agency)).toEqual(before);
  });

  it('keeps the currency once money has moved (422), and says so in the billing information', async () => {
    const rival = await organisationUser(t, 'agency', ids.other, { login: 'currency@rival.example.com' });
    const locked = await billing('GET', rival.token);
    expect(locked.body.data.billingInformation).toMatchObject({
      currency: { code: 'EUR' },
      currencyLocked: true,
    });
    const res = await own('PUT', rival.token, { currencyId: ids.PLN });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ currencyId: [organisationMessages.currencyLocked] });
    const viaBilling = await billing('PUT', rival.token, { currencyId: ids.PLN });
    expect(viaBilling.status).toBe(422);
    expect(viaBilling.body.errors).toEqual({ currencyId: [organisationMessages.currencyLocked] });
    expect((await adminView(ids.other)).currency.code).toBe('EUR');

    // Without money movements the currency may change.
    const free = await billing('GET', agencyToken);
    expect(free.body.data.billingInformation.currencyLocked).toBe(false);
  });
});

describe('/api/agency/me/billing-info', () => {
  it('gives the billing data with the rule of spec section 3', async () => {
    const res = await billing('GET', agencyToken);
    expect(res.status).toBe(200);
    expect(res.body.data.billingInformation).toEqual({
      currency: expect.objectContaining({ code: 'PLN' }),
      country: expect.objectContaining({ code: 'PL' }),
      taxId: 'PL5250001009',
      taxAddress: 'ul. Nowa 5, 00-002 Warszawa',
      taxEmail: 'invoices@demo-agency.example.com',
      currencyLocked: false,
      billingComplete: true,
      billingMissing: [],
    });
  });

  it('is incomplete while a field is missing, listing each, and complete again once all are set', async () => {
    const cleared = await billing('PUT', agencyToken, { taxId: '  ', countryId: '' });
    expect(cleared.status).toBe(200);
    expect(cleared.body.data.billingInformation).toMatchObject({
      taxId: null,
      country: null,
      billingComplete: false,
      billingMissing: ['taxId', 'country'],
    });
    expect((await own('GET', agencyToken)).body.data.agency).toMatchObject({
      billingComplete: false,
      billingMissing: ['taxId', 'country'],
    });

    const filled = await billing('PUT', agencyToken, {
      taxId: 'PL5250001009',
      countryId: await t.referenceId('countries', 'PL'),
    });
    expect(filled.body.data.billingInformation).toMatchObject({ billingComplete: true, billingMissing: [] });
    const rows = await activityOf(t, 'agency', ids.agency);
    expect(rows.slice(-2).map((row) => row.changes)).toEqual([
      {
        before: { taxId: 'PL5250001009', countryId: expect.any(Number) },
        after: { taxId: null, countryId: null },
      },
      {
        before: { taxId: null, countryId: null },
        after: { taxId: 'PL5250001009', countryId: expect.any(Number) },
      },
    ]);
  });

  it('takes billing data only: a name or a credit limit in its body changes nothing', async () => {
    const before = await adminView(ids.agency);
    const res = await billing('PUT', agencyToken, { name: 'Renamed', creditLimit: 1, phone: '1' });
    expect(res.status).toBe(200);
    expect(await adminView(ids.agency)).toEqual(before);
  });

  it('answers a bad tax e-mail with 422 on taxEmail', async () => {
    const res = await billing('PUT', agencyToken, { taxEmail: 'billing@' });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ taxEmail: [organisationMessages.taxEmail] });
  });
});

describe('who may read and change it', () => {
  const routes = [
    ['GET', '/api/agency/agencies/me'],
    ['PUT', '/api/agency/agencies/me'],
    ['GET', '/api/agency/me/billing-info'],
    ['PUT', '/api/agency/me/billing-info'],
  ] as const;
  const call = (method: string, url: string, token?: string, headers?: Record<string, string>) =>
    t.call({
      method: method as 'GET',
      url,
      token,
      headers,
      ...(method === 'PUT' ? { payload: { name: 'Taken Over' } } : {}),
    });

  it('needs a session: 401 without one', async () => {
    for (const [method, url] of routes) expect((await call(method, url)).status).toBe(401);
  });

  it('is for agency users: 403 for admins and advertiser users', async () => {
    const advertiser = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    for (const token of [admin, advertiser])
      for (const [method, url] of routes) {
        const res = await call(method, url, token);
        expect(res.status, `${method} ${url}`).toBe(403);
        expect(res.body).toEqual({ message: messages.forbidden, code: 403, error: 'common.forbidden' });
      }
  });

  it('lets the read-only role read but not change it', async () => {
    const viewer = await organisationUser(t, 'agency', ids.agency, {
      login: 'viewer@demo-agency.example.com',
      role: 'viewer',
    });
    expect((await own('GET', viewer.token)).status).toBe(200);
    expect((await billing('GET', viewer.token)).status).toBe(200);
    expect((await own('PUT', viewer.token, { name: 'Viewer Was Here' })).status).toBe(403);
    expect((await billing('PUT', viewer.token, { taxId: 'X' })).status).toBe(403);
  });

  it('lets service users read it but never change it, even with the admin role', async () => {
    const service = await organisationUser(t, 'agency', ids.agency, {
      login: 'robot@demo-agency.example.com',
      role: 'admin',
      type: 'service',
    });
    const before = await adminView(ids.agency);
    expect((await own('GET', service.token)).status).toBe(200);
    expect((await billing('GET', service.token)).status).toBe(200);
    for (const res of [
      await own('PUT', service.token, { name: 'Robot Agency' }),
      await billing('PUT', service.token, { taxId: 'R' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.message).toBe(messages.forbidden);
    }
    expect(await adminView(ids.agency)).toEqual(before);
  });

  it('never reaches another agency: forged headers get 403 and none of its data', async () => {
    for (const headers of <Record<string, string>[]>[
      { 'agency-id': String(ids.other) },
      { 'advertiser-id': String(ids.otherAdvertiser) },
      { 'agency-id': String(ids.agency), 'advertiser-id': String(ids.otherAdvertiser) },
    ])
      for (const [method, url] of routes) {
        const res = await call(method, url, agencyToken, headers);
        expect(res.status, `${method} ${url} ${JSON.stringify(headers)}`).toBe(403);
        expect(JSON.stringify(res.body)).not.toContain('Rival');
        expect(res.body.data).toBeUndefined();
      }
    expect((await adminView(ids.other)).name).toBe('Rival Agency');
  });

  it("stays the user's own agency with an advertiser-id header of one of its advertisers", async () => {
    const res = await own('GET', agencyToken, undefined, { 'advertiser-id': String(ids.demoShop) });
    expect(res.status).toBe(200);
    expect(res.body.data.agency.id).toBe(ids.agency);
  });

  it('records the admin as impersonator when an admin, logged in as the user, changes it', async () => {
    const users = await t.call({
      method: 'GET',
      url: `/api/admin/agency-users?search=${demoAccounts.agency.login}`,
      token: admin,
    });
    const target = users.body.data.agencyUsers.elements[0];
    const session = await t.call({
      method: 'POST',
      url: `/api/admin/agency-users/${target.id}/auth`,
      token: admin,
    });
    const token = session.body.data.authToken as string;
    const res = await own('PUT', token, { phone: '+48 600 000 001' });
    expect(res.status).toBe(200);
    const adminMe = await t.call({ method: 'GET', url: '/api/admin/me', token: admin });
    const [row] = (await activityOf(t, 'agency', ids.agency)).slice(-1);
    expect(row).toMatchObject({
      actorAccountId: target.user.id,
      impersonatorAccountId: adminMe.body.data.me.id,
      changes: { after: { phone: '+48 600 000 001' } },
    });
  });
});
