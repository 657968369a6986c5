import { advertisers, currencies, demoAccounts, logRegulations, regulations } from '@rtb/db';
import { agencyMessages, messages, organisationMessages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf, postEntries } from '../organisations/test-helpers';

let t: TestApp;
let admin: string;
let ids: { PLN: number; EUR: number; PL: number; DE: number };
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  ids = {
    PLN: await t.referenceId('currencies', 'PLN'),
    EUR: await t.referenceId('currencies', 'EUR'),
    PL: await t.referenceId('countries', 'PL'),
    DE: await t.referenceId('countries', 'DE'),
  };
});
afterAll(() => t.close());

const base = '/api/admin/agencies';
type Agency = Record<string, unknown> & { id: number; name: string };

async function create(payload: Record<string, unknown>): Promise<Agency> {
  const res = await t.call({ method: 'POST', url: base, token: admin, payload });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.agency;
}
const get = async (id: number): Promise<Agency> =>
  (await t.call({ method: 'GET', url: `${base}/${id}`, token: admin })).body.data.agency;
const put = (id: number, payload: Record<string, unknown>) =>
  t.call({ method: 'PUT', url: `${base}/${id}`, token: admin, payload });

const fullBilling = () => ({
  currencyId: ids.PLN,
  countryId: ids.PL,
  taxId: 'PL1234567890',
  taxAddress: 'ul. Długa 5, 00-001 Warszawa',
  taxEmail: 'billing@north.example.com',
});

describe('the agencies list', () => {
  beforeAll(async () => {
    await create({ name: 'North Media', ...fullBilling() });
    await create({ name: 'Zenith Partners', currencyId: ids.EUR, countryId: ids.DE, taxId: 'DE999' });
    await create({ name: 'Alpha Reach', taxEmail: 'money@alpha.example.com' });
  });

  const list = async (query = '') => {
    const res = await t.call({ method: 'GET', url: `${base}?${query}`, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.agencies;
  };
  const names = (l: { elements: Agency[] }) => l.elements.map((a) => a.name);

  it('lists agencies by name with every field of the spec and the derived values', async () => {
    const { elements, meta } = await list();
    expect(names({ elements })).toEqual(['Alpha Reach', 'Demo Agency', 'North Media', 'Zenith Partners']);
    expect(meta).toEqual({ page: 1, perPage: 25, total: 4, lastPage: 1 });
    expect(elements[1]).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      updatedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      name: 'Demo Agency',
      currency: { id: ids.PLN, code: 'PLN', isoCode: '985', symbol: 'zł' },
      country: { id: ids.PL, code: 'PL', isoCode: 'POL', name: 'Poland' },
      taxId: 'PL5250001009',
      taxAddress: 'ul. Marszałkowska 1, 00-001 Warszawa',
      taxEmail: 'billing@demo-agency.example.com',
      phone: '+48 22 123 45 67',
      statusVerification: 'verified',
      balance: 0,
      creditLimit: 0,
      creditValue: 0,
      availableCredit: 0,
      useCreditLimit: false,
      hasRegulationAccepted: true,
      commissionPercentLimit: 20,
      stripeId: null,
      billingComplete: true,
      billingMissing: [],
      advertisersCount: 1,
    });
    expect(elements[0]).toMatchObject({
      currency: null,
      country: null,
      hasRegulationAccepted: false,
      billingComplete: false,
      billingMissing: ['taxId', 'taxAddress', 'country', 'currency'],
      advertisersCount: 0,
    });
  });

  it('searches by name, tax id and tax e-mail', async () => {
    expect(names(await list('search=north'))).toEqual(['North Media']);
    expect(names(await list('search=de999'))).toEqual(['Zenith Partners']);
    expect(names(await list('search=money%40alpha'))).toEqual(['Alpha Reach']);
    expect(names(await list('search=%25'))).toEqual([]);
  });

  it('filters by verification status, country and currency', async () => {
    expect(names(await list('statusVerification=verified'))).toEqual(['Demo Agency']);
    expect((await list('statusVerification=unverified')).meta.total).toBe(3);
    expect(names(await list(`countryId=${ids.DE}`))).toEqual(['Zenith Partners']);
    expect(names(await list(`currencyId=${ids.PLN}`))).toEqual(['Demo Agency', 'North Media']);
    expect(names(await list(`currencyId=${ids.PLN}&search=demo`))).toEqual(['Demo Agency']);
  });

  it('sorts by name, creation time and status, and pages', async () => {
    expect(names(await list('sort=name&order=desc'))).toEqual([
      'Zenith Partners',
      'North Media',
      'Demo Agency',
      'Alpha Reach',
    ]);
    expect(names(await list('sort=createdAt&order=desc&perPage=2'))).toEqual([
      'Alpha Reach',
      'Zenith Partners',
    ]);
    // unverified < pending < verified < rejected; ties by id.
    expect(names(await list('sort=statusVerification&order=desc'))[0]).toBe('Demo Agency');
    expect(names(await list('sort=statusVerification'))[3]).toBe('Demo Agency');
    const page = await list('perPage=3&page=2');
    expect(names(page)).toEqual(['Zenith Partners']);
    expect(page.meta).toEqual({ page: 2, perPage: 3, total: 4, lastPage: 2 });
  });

  it('refuses unknown sorts and filters with field errors', async () => {
    const res = await t.call({
      method: 'GET',
      url: `${base}?sort=balance&statusVerification=maybe&countryId=x`,
      token: admin,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['countryId', 'sort', 'statusVerification']);
  });
});

describe('one agency', () => {
  it('is shown by id, or 404 Not Found', async () => {
    const created = await create({ name: 'Single Agency' });
    expect(await get(created.id)).toEqual(created);
    const missing = await t.call({ method: 'GET', url: `${base}/999999`, token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({ message: messages.notFound, code: 404, error: 'common.not_found' });
  });
});

describe('adding an agency', () => {
  it('creates it unverified with a zero balance, whatever the body says, and logs it', async () => {
    const agency = await create({
      name: '  Bright Media ',
      ...fullBilling(),
      phone: '+48 600 100 200',
      creditLimit: 500000,
      useCreditLimit: true,
      commissionPercentLimit: '12.5',
      statusVerification: 'verified',
      balance: 1_000_000,
      stripeId: 'cus_forged',
    });
    expect(agency).toMatchObject({
      name: 'Bright Media',
      statusVerification: 'unverified',
      balance: 0,
      creditLimit: 500000,
      creditValue: 0,
      availableCredit: 500000,
      useCreditLimit: true,
      commissionPercentLimit: 12.5,
      stripeId: null,
      billingComplete: true,
      billingMissing: [],
    });
    const [log] = await activityOf(t, 'agency', agency.id);
    expect(log).toMatchObject({
      event: 'created',
      agencyId: agency.id,
      actorAccountId: expect.any(Number),
      changes: {
        before: null,
        after: {
          name: 'Bright Media',
          currencyId: ids.PLN,
          countryId: ids.PL,
          taxEmail: 'billing@north.example.com',
          statusVerification: 'unverified',
          creditLimit: 500000,
          useCreditLimit: true,
          commissionPercentLimit: 12.5,
        },
      },
    });
  });

  it('validates the shape with field keys', async () => {
    const res = await t.call({
      method: 'POST',
      url: base,
      token: admin,
      payload: {
        name: ' ',
        taxEmail: 'not-an-email',
        phone: 'call me',
        creditLimit: 10.5,
        commissionPercentLimit: '12.345',
        currencyId: 'abc',
        useCreditLimit: 'yes',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(messages.validation);
    expect(Object.keys(res.body.errors).sort()).toEqual([
      'commissionPercentLimit',
      'creditLimit',
      'currencyId',
      'name',
      'phone',
      'taxEmail',
      'useCreditLimit',
    ]);
    expect(res.body.errors.taxEmail).toEqual([organisationMessages.taxEmail]);
    expect(res.body.errors.creditLimit).toEqual([organisationMessages.minorUnits]);
    expect(res.body.errors.commissionPercentLimit).toEqual([organisationMessages.percent]);
  });

  it('refuses a percent above 100 and a negative credit limit', async () => {
    const res = await t.call({
      method: 'POST',
      url: base,
      token: admin,
      payload: { name: 'Too Much', commissionPercentLimit: 100.01, creditLimit: -1 },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({
      commissionPercentLimit: [organisationMessages.percent],
      creditLimit: [organisationMessages.minorUnits],
    });
  });

  it('refuses unknown or disabled countries and currencies', async () => {
    await t.database.db.update(currencies).set({ enabled: false }).where(eq(currencies.code, 'USD'));
    const usd = await t.referenceId('currencies', 'USD');
    for (const [payload, errors] of [
      [
        { countryId: 999999, currencyId: 999999 },
        { countryId: [messages.unknownCountry], currencyId: [messages.unknownCurrency] },
      ],
      [{ currencyId: usd }, { currencyId: [messages.unknownCurrency] }],
    ] as const) {
      const res = await t.call({
        method: 'POST',
        url: base,
        token: admin,
        payload: { name: 'Nowhere', ...payload },
      });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual(errors);
    }
    await t.database.db.update(currencies).set({ enabled: true }).where(eq(currencies.code, 'USD'));
  });
});

describe('editing an agency', () => {
  it('changes the given fields, keeps those left out, and logs only what changed', async () => {
    const agency = await create({ name: 'Edit Me', ...fullBilling(), phone: '+48 1' });
    const res = await put(agency.id, {
      name: 'Edited',
      taxAddress: '',
      creditLimit: 2500,
      useCreditLimit: true,
      commissionPercentLimit: 7,
      statusVerification: 'verified',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.agency).toMatchObject({
      name: 'Edited',
      phone: '+48 1',
      taxId: 'PL1234567890',
      taxAddress: null,
      creditLimit: 2500,
      useCreditLimit: true,
      commissionPercentLimit: 7,
      statusVerification: 'unverified',
      billingComplete: false,
      billingMissing: ['taxAddress'],
    });
    const logs = await activityOf(t, 'agency', agency.id);
    expect(logs.at(-1)).toMatchObject({
      event: 'updated',
      agencyId: agency.id,
      changes: {
        before: {
          name: 'Edit Me',
          taxAddress: 'ul. Długa 5, 00-001 Warszawa',
          creditLimit: 0,
          useCreditLimit: false,
          commissionPercentLimit: 0,
        },
        after: {
          name: 'Edited',
          taxAddress: null,
          creditLimit: 2500,
          useCreditLimit: true,
          commissionPercentLimit: 7,
        },
      },
    });
    expect(Object.keys((logs.at(-1)?.changes as { after: object } | undefined)?.after ?? {})).toHaveLength(5);
  });

  it('answers 404 for an unknown agency and 422 with field keys', async () => {
    expect((await put(999999, { name: 'Ghost' })).status).toBe(404);
    const agency = await create({ name: 'Strict' });
    const res = await put(agency.id, { name: '', countryId: 999999, taxEmail: 'x@' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['name', 'taxEmail']);
    const refs = await put(agency.id, { name: 'Strict', countryId: 999999 });
    expect(refs.body.errors).toEqual({ countryId: [messages.unknownCountry] });
  });

  it('keeps the currency once money has moved, and lets it change before', async () => {
    const agency = await create({ name: 'Money Agency', currencyId: ids.PLN });
    const changed = await put(agency.id, { name: 'Money Agency', currencyId: ids.EUR });
    expect(changed.status).toBe(200);
    expect(changed.body.data.agency.currency).toMatchObject({ code: 'EUR' });

    await postEntries(t, { agencyId: agency.id }, 'balance', ids.EUR, [1000]);
    const locked = await put(agency.id, { name: 'Money Agency', currencyId: ids.PLN });
    expect(locked.status).toBe(422);
    expect(locked.body.errors).toEqual({ currencyId: [organisationMessages.currencyLocked] });
    const cleared = await put(agency.id, { name: 'Money Agency', currencyId: null });
    expect(cleared.body.errors).toEqual({ currencyId: [organisationMessages.currencyLocked] });
    // Other changes still go through while the currency stays.
    const renamed = await put(agency.id, { name: 'Money Agency 2', currencyId: ids.EUR });
    expect(renamed.status).toBe(200);
  });

  it('does not lower the commission limit below an advertiser of the agency', async () => {
    const agency = await create({ name: 'Limit Agency', commissionPercentLimit: 30 });
    await t.database.db.insert(advertisers).values({
      name: 'Limited Shop',
      code: 'LIMITED-SHOP',
      agencyId: agency.id,
      commissionPercent: '25.00',
    });
    const res = await put(agency.id, { name: 'Limit Agency', commissionPercentLimit: 20 });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ commissionPercentLimit: [agencyMessages.limitBelowAdvertisers] });
    expect((await put(agency.id, { name: 'Limit Agency', commissionPercentLimit: 25 })).status).toBe(200);
    expect((await get(agency.id)).advertisersCount).toBe(1);
  });
});

describe('derived values', () => {
  it('computes balance, credit value and available credit from the ledger', async () => {
    const agency = await create({
      name: 'Credit Agency',
      currencyId: ids.PLN,
      creditLimit: 20000,
      useCreditLimit: true,
    });
    await postEntries(t, { agencyId: agency.id }, 'balance', ids.PLN, [3000, -8000]);
    // An advertiser's ledger accounts are not the agency's, even with the agency on them.
    const [shop] = await t.database.db
      .insert(advertisers)
      .values({ name: 'Funded Shop', code: 'FUNDED-SHOP', agencyId: agency.id })
      .returning({ id: advertisers.id });
    await postEntries(
      t,
      { agencyId: agency.id, advertiserId: shop?.id as number } as never,
      'agency_balance',
      ids.PLN,
      [-99999],
    );
    expect(await get(agency.id)).toMatchObject({
      balance: -5000,
      creditLimit: 20000,
      creditValue: 5000,
      availableCredit: 15000,
    });

    await put(agency.id, { name: 'Credit Agency', useCreditLimit: false });
    expect(await get(agency.id)).toMatchObject({ balance: -5000, creditValue: 0, availableCredit: 0 });

    await put(agency.id, { name: 'Credit Agency', useCreditLimit: true });
    // A top-up brings the balance above zero: no credit in use, all of it available.
    await postEntries(t, { agencyId: agency.id }, 'balance', ids.PLN, [7000]);
    expect(await get(agency.id)).toMatchObject({ balance: 2000, creditValue: 0, availableCredit: 20000 });
  });

  it('says whether the agency accepted the current regulations', async () => {
    const agency = await create({ name: 'Rules Agency' });
    expect((await get(agency.id)).hasRegulationAccepted).toBe(false);
    const current = await t.database.db
      .select({ id: regulations.id })
      .from(regulations)
      .where(eq(regulations.enabled, true));
    expect(current.length).toBeGreaterThan(0);
    await t.database.db
      .insert(logRegulations)
      .values(current.map((r) => ({ regulationId: r.id, agencyId: agency.id })));
    expect((await get(agency.id)).hasRegulationAccepted).toBe(true);
  });
});
