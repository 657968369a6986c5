import { advertisers, agencies, demoAccounts, locales } from '@rtb/db';
import { advertiserMessages, messages, organisationMessages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf, postEntries } from '../organisations/test-helpers';

let t: TestApp;
let admin: string;
let ids: { PLN: number; EUR: number; PL: number; DE: number };
let demoAgencyId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  ids = {
    PLN: await t.referenceId('currencies', 'PLN'),
    EUR: await t.referenceId('currencies', 'EUR'),
    PL: await t.referenceId('countries', 'PL'),
    DE: await t.referenceId('countries', 'DE'),
  };
  const [demo] = await t.database.db.select().from(agencies).where(eq(agencies.name, 'Demo Agency'));
  demoAgencyId = demo?.id as number;
});
afterAll(() => t.close());

const base = '/api/admin/advertisers';
type Advertiser = Record<string, unknown> & { id: number; name: string; code: string };

const post = (payload: Record<string, unknown>) =>
  t.call({ method: 'POST', url: base, token: admin, payload });
async function create(payload: Record<string, unknown>): Promise<Advertiser> {
  const res = await post(payload);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.advertiser;
}
const get = async (id: number): Promise<Advertiser> =>
  (await t.call({ method: 'GET', url: `${base}/${id}`, token: admin })).body.data.advertiser;
const put = (id: number, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: `${base}/${id}`, token: admin, payload });

describe('the advertisers list', () => {
  beforeAll(async () => {
    await create({ name: 'Garden World', code: 'GARDEN', externalId: 'crm-481', agencyId: demoAgencyId });
    await create({ name: 'Book Nook', websiteUrl: 'https://books.example.com', websiteLocales: ['pl'] });
  });

  const list = async (query = '') => {
    const res = await t.call({ method: 'GET', url: `${base}?${query}`, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.advertisers;
  };
  const names = (l: { elements: Advertiser[] }) => l.elements.map((a) => a.name);

  it('lists advertisers by name with every field of the spec and the derived values', async () => {
    const { elements, meta } = await list();
    expect(names({ elements })).toEqual(['Book Nook', 'Demo Shop', 'Garden World', 'Solo Store']);
    expect(meta).toEqual({ page: 1, perPage: 25, total: 4, lastPage: 1 });
    expect(elements[1]).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      name: 'Demo Shop',
      code: 'DEMO-SHOP',
      externalId: null,
      currency: { id: ids.PLN, code: 'PLN', isoCode: '985', symbol: 'zł' },
      country: { id: ids.PL, code: 'PL', isoCode: 'POL', name: 'Poland' },
      taxId: 'PL7010002137',
      taxAddress: 'ul. Prosta 20, 00-850 Warszawa',
      taxEmail: 'invoices@demo-shop.example.com',
      phone: null,
      websiteUrl: 'https://demo-shop.example.com',
      websiteLocales: ['pl', 'en'],
      comissionPercent: 15,
      statusVerification: 'verified',
      balance: 0,
      balanceAgency: 0,
      creditLimit: 0,
      creditValue: 0,
      availableCredit: 0,
      useCreditLimit: false,
      hasRegulationAccepted: true,
      agency: { id: demoAgencyId, name: 'Demo Agency' },
      hasAgency: true,
      agencyPaidCampaigns: false,
      timeZone: 'Europe/Warsaw',
      creativesTrusted: false,
      stripeId: null,
      billingComplete: true,
      billingMissing: [],
    });
    expect(elements[0]).toMatchObject({
      agency: null,
      hasAgency: false,
      hasRegulationAccepted: false,
      billingComplete: false,
      billingMissing: ['taxId', 'taxAddress', 'taxEmail', 'country', 'currency'],
    });
    expect(elements[2]).toMatchObject({
      billingMissing: [
        'taxId',
        'taxAddress',
        'taxEmail',
        'country',
        'currency',
        'websiteUrl',
        'websiteLocales',
      ],
    });
  });

  it('searches by name, code, external id and website', async () => {
    expect(names(await list('search=garden'))).toEqual(['Garden World']);
    expect(names(await list('search=solo-st'))).toEqual(['Solo Store']);
    expect(names(await list('search=CRM-481'))).toEqual(['Garden World']);
    expect(names(await list('search=books.example'))).toEqual(['Book Nook']);
  });

  it('filters by agency, having an agency and verification status', async () => {
    expect(names(await list(`agencyId=${demoAgencyId}`))).toEqual(['Demo Shop', 'Garden World']);
    expect(names(await list('hasAgency=false'))).toEqual(['Book Nook', 'Solo Store']);
    expect(names(await list('hasAgency=true&statusVerification=unverified'))).toEqual(['Garden World']);
    expect((await list('statusVerification=verified')).meta.total).toBe(2);
  });

  it('sorts by name, code and creation time, and pages', async () => {
    expect(names(await list('sort=code'))).toEqual(['Book Nook', 'Demo Shop', 'Garden World', 'Solo Store']);
    expect(names(await list('sort=code&order=desc'))[0]).toBe('Solo Store');
    expect(names(await list('sort=createdAt&order=desc&perPage=1'))).toEqual(['Book Nook']);
    const page = await list('perPage=3&page=2');
    expect(names(page)).toEqual(['Solo Store']);
    expect(page.meta).toEqual({ page: 2, perPage: 3, total: 4, lastPage: 2 });
  });

  it('refuses unknown sorts and filters with field errors', async () => {
    const res = await t.call({
      method: 'GET',
      url: `${base}?sort=balance&hasAgency=maybe&agencyId=0`,
      token: admin,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['agencyId', 'hasAgency', 'sort']);
  });
});

describe('adding an advertiser', () => {
  it('creates it unverified with zero balances and the default commission, whatever the body says', async () => {
    const advertiser = await create({
      name: 'Kitchen Pro',
      code: ' kitchen-pro ',
      externalId: 'ext-1',
      currencyId: ids.EUR,
      countryId: ids.DE,
      taxId: 'DE123',
      taxAddress: 'Hauptstraße 1, Berlin',
      taxEmail: 'Billing@Kitchen.example.com',
      websiteUrl: 'https://kitchen.example.com',
      websiteLocales: ['en', 'pl', 'en'],
      statusVerification: 'verified',
      balance: 5000,
      balanceAgency: 5000,
    });
    expect(advertiser).toMatchObject({
      code: 'KITCHEN-PRO',
      externalId: 'ext-1',
      taxEmail: 'billing@kitchen.example.com',
      websiteLocales: ['en', 'pl'],
      comissionPercent: 15,
      statusVerification: 'unverified',
      balance: 0,
      balanceAgency: 0,
      agency: null,
      hasAgency: false,
      agencyPaidCampaigns: false,
      billingComplete: true,
    });
    const [log] = await activityOf(t, 'advertiser', advertiser.id);
    expect(log).toMatchObject({
      event: 'created',
      advertiserId: advertiser.id,
      agencyId: null,
      changes: {
        before: null,
        after: {
          name: 'Kitchen Pro',
          code: 'KITCHEN-PRO',
          commissionPercent: 15,
          websiteLocales: ['en', 'pl'],
          statusVerification: 'unverified',
        },
      },
    });
  });

  it('generates a code from the name when none is given', async () => {
    const advertiser = await create({ name: 'Żółta Łódka', code: '' });
    expect(advertiser.code).toMatch(/^ZOTA-ODKA-[0-9A-F]{4}$/);
    const other = await create({ name: 'Żółta Łódka' });
    expect(other.code).not.toBe(advertiser.code);
  });

  it('takes a commission with 2 decimals under an agency, and no more than its limit', async () => {
    const under = await create({
      name: 'Agency Shop',
      agencyId: demoAgencyId,
      comissionPercent: '12.35',
      agencyPaidCampaigns: true,
    });
    expect(under).toMatchObject({
      comissionPercent: 12.35,
      agency: { id: demoAgencyId, name: 'Demo Agency' },
      hasAgency: true,
      agencyPaidCampaigns: true,
    });
    const above = await post({ name: 'Greedy Shop', agencyId: demoAgencyId, comissionPercent: 20.01 });
    expect(above.status).toBe(422);
    expect(above.body.errors).toEqual({ comissionPercent: [advertiserMessages.commissionAboveLimit] });
    // Without a commission, the default is capped at the agency's limit.
    const [low] = await t.database.db
      .insert(agencies)
      .values({ name: 'Low Limit', commissionPercentLimit: '5.00' })
      .returning({ id: agencies.id });
    expect((await create({ name: 'Capped Shop', agencyId: low?.id })).comissionPercent).toBe(5);
  });

  it('refuses what breaks the rules, with field keys', async () => {
    await t.database.db.update(locales).set({ enabled: false }).where(eq(locales.code, 'pl'));
    const res = await post({
      name: 'Broken Shop',
      code: 'DEMO-SHOP',
      agencyId: 999999,
      websiteLocales: ['pl'],
      countryId: 999999,
    });
    await t.database.db.update(locales).set({ enabled: true }).where(eq(locales.code, 'pl'));
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      code: [advertiserMessages.codeTaken],
      agencyId: [advertiserMessages.unknownAgency],
      websiteLocales: [messages.unknownLocale],
      countryId: [messages.unknownCountry],
    });
    const noAgency = await post({ name: 'Lonely Shop', agencyPaidCampaigns: true });
    expect(noAgency.body.errors).toEqual({
      agencyPaidCampaigns: [advertiserMessages.agencyPaidWithoutAgency],
    });
  });

  it('validates the shape with field keys', async () => {
    const res = await post({
      name: '',
      code: 'bad code!',
      websiteUrl: 'ftp://files.example.com',
      websiteLocales: 'en',
      comissionPercent: 101,
      taxEmail: 'nope',
      creditLimit: -5,
      agencyPaidCampaigns: 'yes',
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'agencyPaidCampaigns',
      'code',
      'comissionPercent',
      'creditLimit',
      'name',
      'taxEmail',
      'websiteLocales',
      'websiteUrl',
    ]);
    expect(res.body.errors.websiteUrl).toEqual([messages.urlInvalid]);
    expect(res.body.errors.code).toEqual([advertiserMessages.codeFormat]);
    expect(res.body.errors.comissionPercent).toEqual([organisationMessages.percent]);
    const decimals = await post({ name: 'Precise', comissionPercent: 1.005 });
    expect(decimals.body.errors).toEqual({ comissionPercent: [organisationMessages.percent] });
  });
});

describe('editing an advertiser', () => {
  it('changes the given fields, keeps those left out, and logs only what changed', async () => {
    const advertiser = await create({ name: 'Edit Shop', code: 'EDIT-SHOP', websiteLocales: ['en'] });
    const res = await put(advertiser.id, {
      name: 'Edited Shop',
      code: 'edited-shop',
      agencyId: demoAgencyId,
      comissionPercent: 9.5,
      agencyPaidCampaigns: true,
      websiteUrl: 'http://edited.example.com',
      statusVerification: 'verified',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.advertiser).toMatchObject({
      name: 'Edited Shop',
      code: 'EDITED-SHOP',
      agency: { id: demoAgencyId, name: 'Demo Agency' },
      comissionPercent: 9.5,
      agencyPaidCampaigns: true,
      websiteUrl: 'http://edited.example.com',
      websiteLocales: ['en'],
      statusVerification: 'unverified',
    });
    const logs = await activityOf(t, 'advertiser', advertiser.id);
    expect(logs.at(-1)).toMatchObject({
      event: 'updated',
      advertiserId: advertiser.id,
      agencyId: demoAgencyId,
      changes: {
        before: {
          name: 'Edit Shop',
          code: 'EDIT-SHOP',
          agencyId: null,
          commissionPercent: 15,
          agencyPaidCampaigns: false,
          websiteUrl: null,
        },
        after: {
          name: 'Edited Shop',
          code: 'EDITED-SHOP',
          agencyId: demoAgencyId,
          commissionPercent: 9.5,
          agencyPaidCampaigns: true,
          websiteUrl: 'http://edited.example.com',
        },
      },
    });
    expect(Object.keys((logs.at(-1)?.changes as { after: object } | undefined)?.after ?? {})).toHaveLength(6);

    const unchanged = await put(advertiser.id, { name: 'Edited Shop' });
    expect(unchanged.status).toBe(200);
    expect(await activityOf(t, 'advertiser', advertiser.id)).toHaveLength(logs.length);
  });

  it('applies the agency rules when the agency or commission changes', async () => {
    const advertiser = await create({
      name: 'Moving Shop',
      agencyId: demoAgencyId,
      agencyPaidCampaigns: true,
    });
    const leave = await put(advertiser.id, { name: 'Moving Shop', agencyId: null });
    expect(leave.body.errors).toEqual({ agencyPaidCampaigns: [advertiserMessages.agencyPaidWithoutAgency] });
    const left = await put(advertiser.id, { name: 'Moving Shop', agencyId: '', agencyPaidCampaigns: false });
    expect(left.status).toBe(200);
    expect(left.body.data.advertiser).toMatchObject({ agency: null, hasAgency: false, comissionPercent: 15 });
    const [strict] = await t.database.db
      .insert(agencies)
      .values({ name: 'Strict Limit', commissionPercentLimit: '10.00' })
      .returning({ id: agencies.id });
    const join = await put(advertiser.id, { name: 'Moving Shop', agencyId: strict?.id });
    expect(join.body.errors).toEqual({ comissionPercent: [advertiserMessages.commissionAboveLimit] });
    const joined = await put(advertiser.id, {
      name: 'Moving Shop',
      agencyId: strict?.id,
      comissionPercent: 10,
    });
    expect(joined.status).toBe(200);
  });

  it('keeps codes unique and required, and answers 404 for an unknown advertiser', async () => {
    const advertiser = await create({ name: 'Code Shop', code: 'CODE-SHOP' });
    const taken = await put(advertiser.id, { name: 'Code Shop', code: 'solo-store' });
    expect(taken.body.errors).toEqual({ code: [advertiserMessages.codeTaken] });
    const empty = await put(advertiser.id, { name: 'Code Shop', code: '' });
    expect(empty.body.errors).toEqual({ code: [advertiserMessages.codeRequired] });
    expect((await put(advertiser.id, { name: 'Code Shop', code: 'CODE-SHOP' })).status).toBe(200);
    expect((await put(999999, { name: 'Ghost' })).status).toBe(404);
  });

  it('keeps a website locale that was disabled since, but refuses adding one', async () => {
    const advertiser = await create({ name: 'Locale Shop', websiteLocales: ['pl'] });
    await t.database.db.update(locales).set({ enabled: false }).where(eq(locales.code, 'pl'));
    const kept = await put(advertiser.id, { name: 'Locale Shop', websiteLocales: ['pl', 'en'] });
    const added = await put((await create({ name: 'New Locale Shop' })).id, {
      name: 'New Locale Shop',
      websiteLocales: ['pl'],
    });
    await t.database.db.update(locales).set({ enabled: true }).where(eq(locales.code, 'pl'));
    expect(kept.status).toBe(200);
    expect(kept.body.data.advertiser.websiteLocales).toEqual(['pl', 'en']);
    expect(added.body.errors).toEqual({ websiteLocales: [messages.unknownLocale] });
  });

  it('keeps the currency once money has moved', async () => {
    const advertiser = await create({ name: 'Paying Shop', currencyId: ids.PLN });
    await postEntries(t, { advertiserId: advertiser.id }, 'agency_balance', ids.PLN, [100]);
    const res = await put(advertiser.id, { name: 'Paying Shop', currencyId: ids.EUR });
    expect(res.body.errors).toEqual({ currencyId: [organisationMessages.currencyLocked] });
  });
});

describe('derived values', () => {
  it('computes both balances, credit value and available credit from the ledger', async () => {
    const advertiser = await create({
      name: 'Credit Shop',
      currencyId: ids.PLN,
      agencyId: demoAgencyId,
      creditLimit: 10000,
      useCreditLimit: true,
    });
    await postEntries(t, { advertiserId: advertiser.id }, 'balance', ids.PLN, [2500, -6000]);
    await postEntries(
      t,
      { advertiserId: advertiser.id, agencyId: demoAgencyId },
      'agency_balance',
      ids.PLN,
      [4000],
    );
    expect(await get(advertiser.id)).toMatchObject({
      balance: -3500,
      balanceAgency: 4000,
      creditLimit: 10000,
      creditValue: 3500,
      availableCredit: 6500,
    });
    const listed = await t.call({ method: 'GET', url: `${base}?search=credit%20shop`, token: admin });
    expect(listed.body.data.advertisers.elements[0]).toMatchObject({ balance: -3500, balanceAgency: 4000 });
    // The agency's own balance is not its advertisers'.
    const agency = await t.call({ method: 'GET', url: `/api/admin/agencies/${demoAgencyId}`, token: admin });
    expect(agency.body.data.agency.balance).toBe(0);
  });

  it('says what billing data is missing', async () => {
    const [row] = await t.database.db
      .insert(advertisers)
      .values({
        name: 'Half Shop',
        code: 'HALF-SHOP',
        taxId: 'PL1',
        taxAddress: ' ',
        taxEmail: 'half@example.com',
        countryId: ids.PL,
        currencyId: ids.PLN,
        websiteUrl: 'https://half.example.com',
      })
      .returning({ id: advertisers.id });
    expect(await get(row?.id as number)).toMatchObject({
      billingComplete: false,
      billingMissing: ['taxAddress', 'websiteLocales'],
    });
  });
});

describe('changing an advertiser verification status', () => {
  it('changes the status with its history and activity', async () => {
    const advertiser = await create({ name: 'Verified Shop' });
    const url = `${base}/${advertiser.id}/status-verifications`;
    const res = await t.call({
      method: 'POST',
      url,
      token: admin,
      payload: { statusVerification: 'verified', comment: 'Checked the shop' },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.advertiser.statusVerification).toBe('verified');
    expect(res.body.data.logStatusVerification).toMatchObject({
      agency: null,
      advertiser: { id: advertiser.id, name: 'Verified Shop' },
      statusFrom: 'unverified',
      statusTo: 'verified',
      comment: 'Checked the shop',
      changedBy: { name: 'Ada Admin', email: 'admin@example.com' },
    });
    const again = await t.call({
      method: 'POST',
      url,
      token: admin,
      payload: { statusVerification: 'verified' },
    });
    expect(again.body.errors).toEqual({ statusVerification: [organisationMessages.sameStatus] });
    await t.call({ method: 'POST', url, token: admin, payload: { statusVerification: 'rejected' } });

    const history = await t.call({ method: 'GET', url, token: admin });
    expect(
      history.body.data.logStatusVerifications.elements.map((e: { statusTo: string }) => e.statusTo),
    ).toEqual(['rejected', 'verified']);
    const logs = await activityOf(t, 'advertiser', advertiser.id);
    expect(logs.at(-1)).toMatchObject({
      changes: { before: { statusVerification: 'verified' }, after: { statusVerification: 'rejected' } },
    });
    expect(
      (await t.call({ method: 'GET', url: `${base}/999999/status-verifications`, token: admin })).status,
    ).toBe(404);
  });
});
