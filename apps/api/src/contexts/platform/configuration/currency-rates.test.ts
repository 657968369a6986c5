import { activityLogs, demoAccounts } from '@rtb/db';
import { BASE_RATE } from '@rtb/delivery';
import { configKeys, configurationMessages, messages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { rateOn } from './rate-on';

let t: TestApp;
let admin: string;
let eur: number;
let usd: number;
let pln: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  eur = await t.referenceId('currencies', 'EUR');
  usd = await t.referenceId('currencies', 'USD');
  pln = await t.referenceId('currencies', 'PLN');
});
afterAll(() => t.close());

const create = (payload: object) =>
  t.call({ method: 'POST', url: '/api/admin/currency-rates', token: admin, payload });
const list = (query = '') =>
  t.call({ method: 'GET', url: `/api/admin/currency-rates${query}`, token: admin });

describe('currency rates', () => {
  it('starts empty and names the base currency', async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({
      currencyRates: { elements: [], meta: { page: 1, perPage: 25, total: 0, lastPage: 1 } },
      baseCurrency: 'PLN',
    });
  });

  it('POST adds a rate with 8 decimals and logs it', async () => {
    const res = await create({ currencyId: eur, rate: '4.3125', validFrom: '2025-01-01' });
    expect(res.status).toBe(200);
    expect(res.body.data.currencyRate).toEqual({
      id: expect.any(Number),
      currencyId: eur,
      currencyCode: 'EUR',
      rate: '4.31250000',
      validFrom: '2025-01-01',
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      createdByAccountId: expect.any(Number),
    });
    const [log] = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entityType, 'currency_rate'));
    expect(log).toMatchObject({
      event: 'created',
      entityId: String(res.body.data.currencyRate.id),
      changes: {
        before: null,
        after: { currencyId: eur, currencyCode: 'EUR', rate: '4.31250000', validFrom: '2025-01-01' },
      },
    });
  });

  it('lists newest first, of one currency or all', async () => {
    await create({ currencyId: eur, rate: '4.25', validFrom: '2025-03-01' });
    await create({ currencyId: eur, rate: '4.40', validFrom: '2024-06-15' });
    await create({ currencyId: usd, rate: '3.99999999', validFrom: '2025-02-01' });
    const euro = await list(`?currencyId=${eur}`);
    expect(euro.body.data.currencyRates.elements.map((r: { validFrom: string }) => r.validFrom)).toEqual([
      '2025-03-01',
      '2025-01-01',
      '2024-06-15',
    ]);
    const all = await list('?perPage=2');
    expect(all.body.data.currencyRates.meta).toEqual({ page: 1, perPage: 2, total: 4, lastPage: 2 });
    expect(all.body.data.currencyRates.elements.map((r: { currencyCode: string }) => r.currencyCode)).toEqual(
      ['EUR', 'USD'],
    );
  });

  it('refuses a second rate of a currency on the same date with 422 on validFrom', async () => {
    const res = await create({ currencyId: eur, rate: '5', validFrom: '2025-01-01' });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: { validFrom: [configurationMessages.rateExists] },
    });
    // Another currency may have a rate from that date.
    expect((await create({ currencyId: usd, rate: '4', validFrom: '2025-01-01' })).status).toBe(200);
  });

  it.each([
    [{ rate: '0' }, 'rate'],
    [{ rate: '0.000000000' }, 'rate'],
    [{ rate: '-1' }, 'rate'],
    [{ rate: '1.123456789' }, 'rate'],
    [{ rate: 'abc' }, 'rate'],
    [{ rate: '12345678901' }, 'rate'],
    [{ validFrom: '2025-02-30' }, 'validFrom'],
    [{ validFrom: '01.02.2025' }, 'validFrom'],
    [{ currencyId: 'x' }, 'currencyId'],
  ])('answers %j with 422 on %s', async (change, field) => {
    const res = await create({ currencyId: eur, rate: '4.5', validFrom: '2026-01-01', ...change });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual([field]);
  });

  it('refuses an unknown currency and the base currency itself', async () => {
    const unknown = await create({ currencyId: 999_999, rate: '1', validFrom: '2025-01-01' });
    expect(unknown.body.errors).toEqual({ currencyId: [messages.unknownCurrency] });
    const base = await create({ currencyId: pln, rate: '1', validFrom: '2025-01-01' });
    expect(base.body.errors).toEqual({ currencyId: [configurationMessages.baseCurrencyRate] });
  });

  it('DELETE removes a rate, logs it, and 404s the second time', async () => {
    const created = await create({ currencyId: usd, rate: '3.5', validFrom: '2023-01-01' });
    const id = created.body.data.currencyRate.id;
    const res = await t.call({ method: 'DELETE', url: `/api/admin/currency-rates/${id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { status: 'deleted' } });
    const again = await t.call({ method: 'DELETE', url: `/api/admin/currency-rates/${id}`, token: admin });
    expect(again.status).toBe(404);
    const logs = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entityId, String(id)));
    expect(logs.map((l) => [l.entityType, l.event])).toEqual([
      ['currency_rate', 'created'],
      ['currency_rate', 'deleted'],
    ]);
    expect(logs[1]?.changes).toMatchObject({
      before: { rate: '3.50000000', validFrom: '2023-01-01' },
      after: null,
    });
  });
});

describe('rateOn', () => {
  it('is the rate with the latest validFrom on or before the date', async () => {
    // EUR: 2024-06-15 4.40, 2025-01-01 4.3125, 2025-03-01 4.25
    expect(await rateOn(t.deps, eur, '2024-06-14')).toBeNull();
    expect(await rateOn(t.deps, eur, '2024-06-15')).toBe('4.40000000');
    expect(await rateOn(t.deps, eur, '2024-12-31')).toBe('4.40000000');
    expect(await rateOn(t.deps, eur, '2025-01-01')).toBe('4.31250000');
    expect(await rateOn(t.deps, eur, '2025-02-28')).toBe('4.31250000');
    expect(await rateOn(t.deps, eur, '2030-01-01')).toBe('4.25000000');
    expect(await rateOn(t.deps, eur, new Date('2025-03-01T23:59:59Z'))).toBe('4.25000000');
    expect(await rateOn(t.deps, eur, new Date('2025-02-28T23:59:59Z'))).toBe('4.31250000');
  });

  it('keeps the currencies apart, is 1 for the base currency and null for an unknown one', async () => {
    expect(await rateOn(t.deps, usd, '2025-01-15')).toBe('4.00000000');
    expect(await rateOn(t.deps, pln, '2000-01-01')).toBe(BASE_RATE);
    expect(await rateOn(t.deps, 999_999, '2025-01-01')).toBeNull();
  });

  it('follows a change of the base currency', async () => {
    await t.deps.settings.set(t.deps.db, configKeys.baseCurrency, 'EUR');
    try {
      expect(await rateOn(t.deps, eur, '2025-01-01')).toBe(BASE_RATE);
      expect((await list()).body.data.baseCurrency).toBe('EUR');
    } finally {
      await t.deps.settings.set(t.deps.db, configKeys.baseCurrency, 'PLN');
    }
  });
});
