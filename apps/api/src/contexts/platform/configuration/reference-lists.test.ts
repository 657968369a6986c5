import { activityLogs, countries, demoAccounts } from '@rtb/db';
import { configurationMessages, messages } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
});
afterAll(() => t.close());

const get = (url: string) => t.call({ method: 'GET', url, token: admin });
const put = (url: string, payload: object) => t.call({ method: 'PUT', url, token: admin, payload });
const codes = (elements: { code: string }[]) => elements.map((e) => e.code);
const logsOf = (entityType: string, entityId: number) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, entityType), eq(activityLogs.entityId, String(entityId))))
    .orderBy(asc(activityLogs.id));
const localeId = async (code: string) => {
  const res = await get(`/api/admin/locales?search=${code}`);
  return res.body.data.locales.elements.find((l: { code: string }) => l.code === code).id as number;
};

describe('GET /api/admin/countries, currencies and locales', () => {
  it('lists every country with paging, sorted by name', async () => {
    const res = await get('/api/admin/countries?perPage=5');
    expect(res.status).toBe(200);
    const { elements, meta } = res.body.data.countries;
    expect(meta).toEqual({ page: 1, perPage: 5, total: 15, lastPage: 3 });
    const names = elements.map((c: { name: string }) => c.name);
    expect(names).toEqual([...names].sort());
    expect(elements[0]).toEqual({
      id: expect.any(Number),
      code: expect.any(String),
      isoCode: expect.any(String),
      name: 'Austria',
      enabled: true,
      eu: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('sorts by code in either order and searches name, code and ISO code', async () => {
    const desc = await get('/api/admin/currencies?sort=code&order=desc');
    expect(codes(desc.body.data.currencies.elements)).toEqual(['USD', 'PLN', 'GBP', 'EUR']);
    const byName = await get('/api/admin/countries?search=king');
    expect(codes(byName.body.data.countries.elements)).toEqual(['GB']);
    const byIso = await get('/api/admin/countries?search=pol');
    expect(codes(byIso.body.data.countries.elements)).toEqual(['PL']);
    const locales = await get('/api/admin/locales?sort=code');
    expect(codes(locales.body.data.locales.elements)).toEqual(['en', 'pl']);
    const none = await get('/api/admin/locales?search=zz_%');
    expect(none.body.data.locales).toEqual({
      elements: [],
      meta: { page: 1, perPage: 25, total: 0, lastPage: 1 },
    });
  });

  it('refuses an unknown sort field with 422 on sort', async () => {
    const res = await get('/api/admin/countries?sort=createdAt');
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['sort']);
  });

  it('includes disabled entries, which the public list leaves out', async () => {
    await t.database.db.update(countries).set({ enabled: false }).where(eq(countries.code, 'LT'));
    try {
      const res = await get('/api/admin/countries?search=LT');
      expect(res.body.data.countries.elements).toContainEqual(
        expect.objectContaining({ code: 'LT', enabled: false }),
      );
    } finally {
      await t.database.db.update(countries).set({ enabled: true }).where(eq(countries.code, 'LT'));
    }
  });

  it('GET one by id, 404 for an unknown id and 422 for a bad one', async () => {
    const id = await t.referenceId('currencies', 'EUR');
    const res = await get(`/api/admin/currencies/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.data.currency).toMatchObject({
      id,
      code: 'EUR',
      symbol: '€',
      isoCode: '978',
      enabled: true,
    });
    expect(res.body.data.currency).not.toHaveProperty('minorUnits');
    const country = await get(`/api/admin/countries/${await t.referenceId('countries', 'PL')}`);
    expect(country.body.data.country).toMatchObject({ code: 'PL', name: 'Poland' });
    const locale = await get(`/api/admin/locales/${await localeId('pl')}`);
    expect(locale.body.data.locale).toMatchObject({ code: 'pl', name: 'Polski' });
    const missing = await get('/api/admin/countries/999999');
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.notFound);
    expect((await get('/api/admin/locales/abc')).status).toBe(422);
  });
});

describe('PUT /api/admin/{list}/:id', () => {
  it('edits a country and logs only what changed', async () => {
    const id = await t.referenceId('countries', 'IE');
    const res = await put(`/api/admin/countries/${id}`, { name: 'Éire', isoCode: 'IRL', eu: true });
    expect(res.status).toBe(200);
    expect(res.body.data.country).toMatchObject({ id, code: 'IE', name: 'Éire', isoCode: 'IRL', eu: true });
    expect((await get(`/api/admin/countries/${id}`)).body.data.country.name).toBe('Éire');
    const [log] = await logsOf('country', id);
    expect(log).toMatchObject({
      event: 'updated',
      changes: { before: { name: 'Ireland' }, after: { name: 'Éire' } },
    });
    expect(log?.actorAccountId).toEqual(expect.any(Number));
  });

  it('edits a currency and a locale', async () => {
    const id = await t.referenceId('currencies', 'USD');
    const res = await put(`/api/admin/currencies/${id}`, {
      name: 'United States dollar',
      isoCode: '840',
      symbol: 'US$',
    });
    expect(res.status).toBe(200);
    expect(res.body.data.currency).toMatchObject({
      code: 'USD',
      name: 'United States dollar',
      symbol: 'US$',
    });
    expect((await logsOf('currency', id))[0]?.changes).toEqual({
      before: { name: 'US dollar', symbol: '$' },
      after: { name: 'United States dollar', symbol: 'US$' },
    });
    const pl = await localeId('pl');
    const locale = await put(`/api/admin/locales/${pl}`, { name: 'Polski (PL)' });
    expect(locale.body.data.locale).toMatchObject({ code: 'pl', name: 'Polski (PL)' });
    expect(await logsOf('locale', pl)).toHaveLength(1);
  });

  it('answers field errors with 422', async () => {
    const country = await put(`/api/admin/countries/${await t.referenceId('countries', 'DE')}`, {
      name: ' ',
      isoCode: 'de',
    });
    expect(country.status).toBe(422);
    expect(country.body.message).toBe(messages.validation);
    expect(country.body.errors.isoCode).toEqual([configurationMessages.countryIsoCode]);
    expect(Object.keys(country.body.errors).sort()).toEqual(['eu', 'isoCode', 'name']);
    const currency = await put(`/api/admin/currencies/${await t.referenceId('currencies', 'GBP')}`, {
      name: 'Pound',
      isoCode: 'GBP',
      symbol: '',
    });
    expect(currency.status).toBe(422);
    expect(currency.body.errors.isoCode).toEqual([configurationMessages.currencyIsoCode]);
    expect(Object.keys(currency.body.errors).sort()).toEqual(['isoCode', 'symbol']);
    expect((await put('/api/admin/locales/999999', { name: 'X' })).status).toBe(404);
  });
});

describe('PUT /api/admin/{list}/:id/enabled', () => {
  it('disabling a country hides it from the public list until it is enabled again', async () => {
    const id = await t.referenceId('countries', 'SE');
    const off = await put(`/api/admin/countries/${id}/enabled`, { enabled: false });
    expect(off.status).toBe(200);
    expect(off.body.data.country).toMatchObject({ code: 'SE', enabled: false });
    const publicList = await t.call({ method: 'GET', url: '/api/countries' });
    expect(codes(publicList.body.data.countries.elements)).not.toContain('SE');
    expect((await get(`/api/admin/countries/${id}`)).body.data.country.enabled).toBe(false);

    const on = await put(`/api/admin/countries/${id}/enabled`, { enabled: true });
    expect(on.body.data.country.enabled).toBe(true);
    const again = await t.call({ method: 'GET', url: '/api/countries' });
    expect(codes(again.body.data.countries.elements)).toContain('SE');
    const logs = await logsOf('country', id);
    expect(logs.map((l) => l.changes)).toEqual([
      { before: { enabled: true }, after: { enabled: false } },
      { before: { enabled: false }, after: { enabled: true } },
    ]);
  });

  it('disables a currency and a locale in the public lists', async () => {
    const eur = await t.referenceId('currencies', 'EUR');
    expect((await put(`/api/admin/currencies/${eur}/enabled`, { enabled: false })).status).toBe(200);
    const currencies = await t.call({ method: 'GET', url: '/api/currencies' });
    expect(codes(currencies.body.data.currencies.elements)).not.toContain('EUR');
    await put(`/api/admin/currencies/${eur}/enabled`, { enabled: true });

    const pl = await localeId('pl');
    expect((await put(`/api/admin/locales/${pl}/enabled`, { enabled: false })).status).toBe(200);
    const locales = await t.call({ method: 'GET', url: '/api/locales' });
    expect(codes(locales.body.data.locales.elements)).toEqual(['en']);
    await put(`/api/admin/locales/${pl}/enabled`, { enabled: true });
  });

  it('refuses to disable the default locale and the base currency', async () => {
    const en = await put(`/api/admin/locales/${await localeId('en')}/enabled`, { enabled: false });
    expect(en.status).toBe(422);
    expect(en.body).toEqual({
      message: configurationMessages.defaultLocaleLocked,
      code: 422,
      error: 'configuration.default_locale_locked',
      issues: expect.any(Object),
      errors: { enabled: [configurationMessages.defaultLocaleLocked] },
    });
    const pln = await put(`/api/admin/currencies/${await t.referenceId('currencies', 'PLN')}/enabled`, {
      enabled: false,
    });
    expect(pln.status).toBe(422);
    expect(pln.body.message).toBe(configurationMessages.baseCurrencyLocked);
    const publicList = await t.call({ method: 'GET', url: '/api/currencies' });
    expect(codes(publicList.body.data.currencies.elements)).toContain('PLN');
  });

  it('answers 422 on a missing or non-boolean enabled', async () => {
    const id = await t.referenceId('countries', 'AT');
    const res = await put(`/api/admin/countries/${id}/enabled`, { enabled: 'no' });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['enabled']);
    expect((await put(`/api/admin/countries/999999/enabled`, { enabled: true })).status).toBe(404);
  });
});
