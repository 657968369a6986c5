import { activityLogs, demoAccounts } from '@rtb/db';
import { messages, regulationMessages } from '@rtb/shared';
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

const base = '/api/admin/regulations';
const logsOf = (entityId: number) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, 'regulation'), eq(activityLogs.entityId, String(entityId))))
    .orderBy(asc(activityLogs.id));

const termsTexts = [
  { locale: 'en', title: 'Terms of service', content: 'First paragraph.\n\nSecond paragraph.' },
  { locale: 'pl', title: 'Regulamin', content: 'Pierwszy akapit.\n\nDrugi akapit.' },
];

async function create(payload: Record<string, unknown>) {
  const res = await t.call({ method: 'POST', url: base, token: admin, payload });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.regulation as { id: number; version: number };
}

async function list(query = '') {
  const res = await t.call({ method: 'GET', url: `${base}${query}`, token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.regulations as { elements: Record<string, unknown>[]; meta: { total: number } };
}

describe('the seeded regulations', () => {
  it('are version 1 of each type, enabled, current, in English and Polish, accepted by the demo organisations', async () => {
    const { elements, meta } = await list();
    expect(meta.total).toBe(2);
    expect(elements).toEqual([
      expect.objectContaining({
        type: 'privacy-policy',
        version: 1,
        enabled: true,
        current: true,
        title: 'Privacy policy',
        locales: ['en', 'pl'],
        acceptanceCount: 3,
      }),
      expect.objectContaining({
        type: 'terms-of-service',
        version: 1,
        enabled: true,
        current: true,
        title: 'Terms of service',
        locales: ['en', 'pl'],
        acceptanceCount: 3,
      }),
    ]);
  });
});

describe('admin regulations', () => {
  let v2: { id: number; version: number };

  it('creates a new version after the newest one, disabled, with its texts, and logs it', async () => {
    v2 = await create({ type: 'terms-of-service', texts: termsTexts });
    expect(v2).toMatchObject({
      type: 'terms-of-service',
      version: 2,
      enabled: false,
      current: false,
      title: 'Terms of service',
      locales: ['en', 'pl'],
      acceptanceCount: 0,
      texts: termsTexts,
    });
    const [log] = await logsOf(v2.id);
    expect(log).toMatchObject({ event: 'created' });
    expect(log?.changes).toEqual({
      before: null,
      after: {
        type: 'terms-of-service',
        version: 2,
        enabled: false,
        texts: {
          en: { title: 'Terms of service', content: termsTexts[0]?.content },
          pl: { title: 'Regulamin', content: termsTexts[1]?.content },
        },
      },
    });
    const v3 = await create({ type: 'terms-of-service', texts: termsTexts.slice(0, 1) });
    expect(v3.version).toBe(3);
  });

  it('shows one version with all its texts; an unknown id is 404', async () => {
    const res = await t.call({ method: 'GET', url: `${base}/${v2.id}`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.regulation).toMatchObject({ id: v2.id, version: 2, texts: termsTexts });
    const missing = await t.call({ method: 'GET', url: `${base}/999999`, token: admin });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe(messages.notFound);
  });

  it('refuses texts without English, with a language twice, in a disabled or unknown language', async () => {
    const post = (payload: Record<string, unknown>) =>
      t.call({ method: 'POST', url: base, token: admin, payload });
    const noEnglish = await post({ type: 'privacy-policy', texts: [termsTexts[1]] });
    expect(noEnglish.status).toBe(422);
    expect(noEnglish.body.errors).toEqual({ texts: [regulationMessages.englishRequired] });

    const twice = await post({ type: 'privacy-policy', texts: [termsTexts[0], termsTexts[0]] });
    expect(twice.status).toBe(422);
    expect(twice.body.errors).toEqual({ 'texts.1.locale': [regulationMessages.duplicateLocale] });

    const unknown = await post({
      type: 'privacy-policy',
      texts: [termsTexts[0], { locale: 'xx', title: 'X', content: 'X' }],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'texts.1.locale': [regulationMessages.unknownLocale] });

    const badType = await post({ type: 'cookies', texts: [termsTexts[0]] });
    expect(badType.status).toBe(422);
    expect(Object.keys(badType.body.errors)).toEqual(['type']);

    const empty = await post({ type: 'privacy-policy', texts: [{ locale: 'en', title: ' ', content: '' }] });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['texts.0.content', 'texts.0.title']);

    expect((await list('?type=privacy-policy')).meta.total).toBe(1);
  });

  it('replaces the texts of a version nobody accepted, and logs what changed', async () => {
    const texts = [{ locale: 'en', title: 'Terms of service', content: 'Changed.' }];
    const res = await t.call({ method: 'PUT', url: `${base}/${v2.id}`, token: admin, payload: { texts } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.regulation).toMatchObject({ locales: ['en'], texts });
    const [, updated] = await logsOf(v2.id);
    expect(updated).toMatchObject({ event: 'updated' });
    expect(updated?.changes).toEqual({
      before: {
        texts: {
          en: { title: 'Terms of service', content: termsTexts[0]?.content },
          pl: { title: 'Regulamin', content: termsTexts[1]?.content },
        },
      },
      after: { texts: { en: { title: 'Terms of service', content: 'Changed.' } } },
    });
  });

  it('refuses to change the text of a version that was accepted: a new version is needed', async () => {
    const [v1] = (await list('?type=terms-of-service&sort=version&order=asc')).elements;
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${v1?.id}`,
      token: admin,
      payload: { texts: termsTexts },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ texts: [regulationMessages.alreadyAccepted] });
    const after = await t.call({ method: 'GET', url: `${base}/${v1?.id}`, token: admin });
    expect(after.body.data.regulation.texts[0].content).not.toBe(termsTexts[0]?.content);
    const missing = await t.call({
      method: 'PUT',
      url: `${base}/999999`,
      token: admin,
      payload: { texts: termsTexts },
    });
    expect(missing.status).toBe(404);
  });

  it('enables a version, which becomes the current one; disabling it brings back the older one', async () => {
    const enable = await t.call({
      method: 'PUT',
      url: `${base}/${v2.id}/enabled`,
      token: admin,
      payload: { enabled: true },
    });
    expect(enable.status).toBe(200);
    expect(enable.body.data.regulation).toMatchObject({ enabled: true, current: true });
    const byVersion = async () =>
      Object.fromEntries(
        (await list('?type=terms-of-service')).elements.map((r) => [r.version, [r.enabled, r.current]]),
      );
    expect(await byVersion()).toEqual({ 1: [true, false], 2: [true, true], 3: [false, false] });

    const disable = await t.call({
      method: 'PUT',
      url: `${base}/${v2.id}/enabled`,
      token: admin,
      payload: { enabled: false },
    });
    expect(disable.body.data.regulation).toMatchObject({ enabled: false, current: false });
    expect(await byVersion()).toEqual({ 1: [true, true], 2: [false, false], 3: [false, false] });

    const changes = (await logsOf(v2.id)).slice(-2).map((row) => row.changes);
    expect(changes).toEqual([
      { before: { enabled: false }, after: { enabled: true } },
      { before: { enabled: true }, after: { enabled: false } },
    ]);
    // Setting what is already set changes nothing and logs nothing.
    await t.call({
      method: 'PUT',
      url: `${base}/${v2.id}/enabled`,
      token: admin,
      payload: { enabled: false },
    });
    expect(await logsOf(v2.id)).toHaveLength(4);
  });

  it('lists with filters, search and sorting', async () => {
    const disabled = await list('?enabled=false');
    expect(disabled.elements.map((r) => r.version).sort()).toEqual([2, 3]);
    const searched = await list('?search=Changed');
    expect(searched.elements.map((r) => r.id)).toEqual([v2.id]);
    const byVersionDesc = await list('?type=terms-of-service&sort=version&order=desc');
    expect(byVersionDesc.elements.map((r) => r.version)).toEqual([3, 2, 1]);
    const paged = await list('?perPage=1&page=2');
    expect(paged.elements).toHaveLength(1);
    expect(paged.meta).toMatchObject({ total: 4, lastPage: 4 });
    const badSort = await t.call({ method: 'GET', url: `${base}?sort=title`, token: admin });
    expect(badSort.status).toBe(422);
  });
});

describe('GET /api/regulations/current (public)', () => {
  const current = async (query: string) => {
    const res = await t.call({ method: 'GET', url: `/api/regulations/current${query}` });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.data.regulations as { type: string; locale: string; title: string; version: number }[];
  };

  it('gives the current version of every type without a token, in English by default', async () => {
    const all = await current('');
    expect(all.map((r) => [r.type, r.version, r.locale, r.title])).toEqual([
      ['privacy-policy', 1, 'en', 'Privacy policy'],
      ['terms-of-service', 1, 'en', 'Terms of service'],
    ]);
  });

  it('in the language asked for, else in English; one type when asked', async () => {
    expect((await current('?locale=pl&type=terms-of-service')).map((r) => [r.locale, r.title])).toEqual([
      ['pl', 'Regulamin'],
    ]);
    expect((await current('?locale=de&type=privacy-policy')).map((r) => [r.locale, r.title])).toEqual([
      ['en', 'Privacy policy'],
    ]);
    const unknownType = await t.call({ method: 'GET', url: '/api/regulations/current?type=cookies' });
    expect(unknownType.status).toBe(422);
  });

  it('follows the newest enabled version', async () => {
    const v4 = await create({
      type: 'terms-of-service',
      texts: [{ locale: 'en', title: 'Terms of service, 2nd edition', content: 'New.' }],
    });
    await t.call({
      method: 'PUT',
      url: `${base}/${v4.id}/enabled`,
      token: admin,
      payload: { enabled: true },
    });
    // No Polish text in this version: English instead.
    expect((await current('?locale=pl&type=terms-of-service')).map((r) => [r.version, r.locale])).toEqual([
      [4, 'en'],
    ]);
  });
});
