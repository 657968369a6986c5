import { accounts, countries, currencies, demoAccounts, locales } from '@rtb/db';
import { enums, messages } from '@rtb/shared';
import { eq, max } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
});
afterAll(() => t.close());

const get = (url: string) => t.call({ method: 'GET', url });
const API_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe('GET /api/locales', () => {
  it('lists the enabled locales with page meta', async () => {
    const res = await get('/api/locales');
    expect(res.status).toBe(200);
    const { elements, meta } = res.body.data.locales;
    expect(elements.map((l: { code: string }) => l.code).sort()).toEqual(['en', 'pl']);
    expect(elements).toContainEqual(expect.objectContaining({ code: 'en', name: 'English', enabled: true }));
    expect(meta).toEqual({ page: 1, perPage: 100, total: 2, lastPage: 1 });
  });

  it('pages with ?page= and ?perPage=', async () => {
    const first = await get('/api/locales?page=1&perPage=1');
    const second = await get('/api/locales?page=2&perPage=1');
    const beyond = await get('/api/locales?page=3&perPage=1');
    expect(first.status).toBe(200);
    expect(first.body.data.locales.meta).toEqual({ page: 1, perPage: 1, total: 2, lastPage: 2 });
    expect(second.body.data.locales.meta).toEqual({ page: 2, perPage: 1, total: 2, lastPage: 2 });
    expect(first.body.data.locales.elements).toHaveLength(1);
    expect(second.body.data.locales.elements).toHaveLength(1);
    const codes = [...first.body.data.locales.elements, ...second.body.data.locales.elements].map(
      (l: { code: string }) => l.code,
    );
    expect(codes.sort()).toEqual(['en', 'pl']);
    expect(beyond.status).toBe(200);
    expect(beyond.body.data.locales).toEqual({
      elements: [],
      meta: { page: 3, perPage: 1, total: 2, lastPage: 2 },
    });
  });

  it('writes datetimes as YYYY-MM-DD HH:mm:ss', async () => {
    const res = await get('/api/locales');
    for (const locale of res.body.data.locales.elements) {
      expect(locale.createdAt).toMatch(API_DATETIME);
      expect(locale.updatedAt).toMatch(API_DATETIME);
    }
  });
});

describe('GET /api/countries', () => {
  it('includes PL, DE, GB, FR and US with code, isoCode and eu', async () => {
    const res = await get('/api/countries');
    expect(res.status).toBe(200);
    const { elements, meta } = res.body.data.countries;
    const byCode = new Map(elements.map((c: { code: string }) => [c.code, c]));
    expect(byCode.get('PL')).toMatchObject({
      code: 'PL',
      isoCode: 'POL',
      name: 'Poland',
      eu: true,
      enabled: true,
    });
    expect(byCode.get('DE')).toMatchObject({ code: 'DE', isoCode: 'DEU', eu: true });
    expect(byCode.get('GB')).toMatchObject({ code: 'GB', isoCode: 'GBR', eu: false });
    expect(byCode.get('FR')).toMatchObject({ code: 'FR', isoCode: 'FRA', eu: true });
    expect(byCode.get('US')).toMatchObject({ code: 'US', isoCode: 'USA', eu: false });
    expect(meta.total).toBe(elements.length);
    for (const country of elements) {
      expect(country).toEqual({
        id: expect.any(Number),
        code: expect.any(String),
        isoCode: expect.any(String),
        name: expect.any(String),
        enabled: true,
        eu: expect.any(Boolean),
        createdAt: expect.stringMatching(API_DATETIME),
        updatedAt: expect.stringMatching(API_DATETIME),
      });
    }
  });

  it('pages through every country exactly once', async () => {
    const all = (await get('/api/countries')).body.data.countries;
    const seen: string[] = [];
    const lastPage = Math.ceil(all.meta.total / 4);
    for (let page = 1; page <= lastPage; page++) {
      const res = await get(`/api/countries?page=${page}&perPage=4`);
      expect(res.body.data.countries.meta).toEqual({ page, perPage: 4, total: all.meta.total, lastPage });
      seen.push(...res.body.data.countries.elements.map((c: { code: string }) => c.code));
    }
    expect(seen).toEqual(all.elements.map((c: { code: string }) => c.code));
  });
});

describe('GET /api/currencies', () => {
  it('has PLN, EUR, GBP and USD with their symbols', async () => {
    const res = await get('/api/currencies');
    expect(res.status).toBe(200);
    const elements: { code: string; symbol: string; createdAt: string }[] = res.body.data.currencies.elements;
    const symbols = Object.fromEntries(elements.map((c) => [c.code, c.symbol]));
    expect(symbols).toMatchObject({ PLN: 'zł', EUR: '€', GBP: '£', USD: '$' });
    for (const currency of elements) {
      expect(currency.createdAt).toMatch(API_DATETIME);
      expect(currency).toMatchObject({
        isoCode: expect.any(String),
        name: expect.any(String),
        enabled: true,
      });
    }
  });
});

describe('disabled entries', () => {
  it.each([
    ['countries', countries, 'FR'],
    ['currencies', currencies, 'GBP'],
    ['locales', locales, 'pl'],
  ] as const)('are not listed in /api/%s', async (list, table, code) => {
    const before = (await get(`/api/${list}`)).body.data[list];
    expect(before.elements.map((e: { code: string }) => e.code)).toContain(code);
    await t.database.db.update(table).set({ enabled: false }).where(eq(table.code, code));
    try {
      const after = (await get(`/api/${list}`)).body.data[list];
      expect(after.elements.map((e: { code: string }) => e.code)).not.toContain(code);
      expect(after.meta.total).toBe(before.meta.total - 1);
    } finally {
      await t.database.db.update(table).set({ enabled: true }).where(eq(table.code, code));
    }
  });
});

describe('GET /api/currencies?disabled=include', () => {
  it('lists a disabled currency too, with its symbol, so money in it keeps its symbol', async () => {
    await t.database.db.update(currencies).set({ enabled: false }).where(eq(currencies.code, 'GBP'));
    try {
      const all = (await get('/api/currencies?disabled=include')).body.data.currencies;
      expect(all.elements).toContainEqual(
        expect.objectContaining({ code: 'GBP', symbol: '£', enabled: false }),
      );
      const enabled = (await get('/api/currencies')).body.data.currencies;
      expect(all.meta.total).toBe(enabled.meta.total + 1);
      expect((await get('/api/currencies?disabled=yes')).status).toBe(422);
    } finally {
      await t.database.db.update(currencies).set({ enabled: true }).where(eq(currencies.code, 'GBP'));
    }
  });
});

describe('GET /api/enums', () => {
  it('lists the enumerations', async () => {
    const res = await get('/api/enums');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ data: { enums: JSON.parse(JSON.stringify(enums)) } });
    expect(res.body.data.enums.accountKinds).toEqual(['admin', 'agency', 'advertiser']);
    expect(res.body.data.enums.statusVerifications).toContain('verified');
  });
});

describe('bad reference queries', () => {
  it.each(['perPage=0', 'perPage=1000', 'perPage=abc', 'perPage=1.5'])(
    'answers ?%s with 422 on perPage',
    async (query) => {
      const res = await get(`/api/countries?${query}`);
      expect(res.status).toBe(422);
      expect(res.body.message).toBe(messages.validation);
      expect(res.body.code).toBe(422);
      expect(Object.keys(res.body.errors)).toEqual(['perPage']);
      expect(res.body.errors.perPage[0]).toEqual(expect.any(String));
    },
  );

  it.each(['page=0', 'page=-1', 'page=x'])('answers ?%s with 422 on page', async (query) => {
    const res = await get(`/api/locales?${query}`);
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors)).toEqual(['page']);
  });
});

describe('POST /api/user/auth/resend-verification-email/{id}', () => {
  const sent = { data: { status: 'verification_sent' } };
  let ip = 0;
  // Each call from its own address, so the per-IP limit of the resend does not get in the way.
  const resend = (id: string | number) =>
    t.call({
      method: 'POST',
      url: `/api/user/auth/resend-verification-email/${id}`,
      remoteAddress: `10.0.0.${++ip}`,
    });
  const accountId = async (login: string) => {
    const [row] = await t.database.db
      .select({ id: accounts.id })
      .from(accounts)
      .where(eq(accounts.login, login));
    if (!row) throw new Error(`no account ${login}`);
    return row.id;
  };

  it('answers an unknown id and a verified account alike, and mails nobody', async () => {
    const [last] = await t.database.db.select({ id: max(accounts.id) }).from(accounts);
    const unknown = await resend((last?.id ?? 0) + 1000);
    const verified = await resend(await accountId(demoAccounts.agency.login));
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(sent);
    expect(verified.status).toBe(200);
    expect(verified.body).toEqual(sent);
    expect(await t.outbox()).toEqual([]);
  });

  it('mails a new activation link to an unverified account (same answer)', async () => {
    const id = await accountId(demoAccounts.solo.login);
    await t.database.db.update(accounts).set({ emailVerifiedAt: null }).where(eq(accounts.id, id));
    const res = await resend(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(sent);
    const outbox = await t.outbox();
    expect(outbox).toHaveLength(1);
    expect(outbox[0]).toMatchObject({
      accountId: id,
      toAddress: demoAccounts.solo.login,
      templateKey: 'account-activation',
    });
  });

  it('mails nobody for a disabled unverified account', async () => {
    const id = await accountId(demoAccounts.advertiser.login);
    await t.database.db
      .update(accounts)
      .set({ emailVerifiedAt: null, enabled: false })
      .where(eq(accounts.id, id));
    const before = (await t.outbox()).length;
    const res = await resend(id);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(sent);
    expect(await t.outbox()).toHaveLength(before);
  });

  it.each(['abc', '0', '-3', '1.5'])('answers id %s with 422 on id', async (id) => {
    const res = await resend(id);
    expect(res.status).toBe(422);
    expect(res.body.message).toBe(messages.validation);
    expect(Object.keys(res.body.errors)).toEqual(['id']);
  });
});
