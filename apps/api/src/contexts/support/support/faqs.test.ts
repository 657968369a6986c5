import { activityLogs, faqs, locales } from '@rtb/db';
import { messages } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoTokens } from './test-helpers';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const base = '/api/admin/faqs';
const logsOf = (entityId: number) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, 'faq'), eq(activityLogs.entityId, String(entityId))))
    .orderBy(asc(activityLogs.id));
const faq = (overrides: Record<string, unknown> = {}) => ({
  locale: 'en',
  question: 'Can I pause a campaign?',
  answer: 'Yes: open it and choose Pause.',
  position: 5,
  enabled: true,
  ...overrides,
});
async function create(payload: Record<string, unknown>) {
  const res = await t.call({ method: 'POST', url: base, token: tokens.admin, payload });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data.faq as { id: number } & Record<string, unknown>;
}
const published = async (panel: 'agency' | 'advertiser', token: string, query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/${panel}/faqs${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.faqs as { elements: { question: string; locale: string }[]; meta: { total: number } };
};

describe('admin FAQs', () => {
  it('creates, reads, updates and deletes a FAQ, logging each change', async () => {
    const created = await create(faq({ question: '  Can I pause a campaign?  ' }));
    expect(created).toMatchObject(faq());

    const read = await t.call({ method: 'GET', url: `${base}/${created.id}`, token: tokens.admin });
    expect(read.body.data.faq).toEqual(created);

    const updated = await t.call({
      method: 'PUT',
      url: `${base}/${created.id}`,
      token: tokens.admin,
      payload: faq({ answer: 'Yes: choose Pause on its page.', enabled: false }),
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect(updated.body.data.faq).toMatchObject({ answer: 'Yes: choose Pause on its page.', enabled: false });

    const removed = await t.call({ method: 'DELETE', url: `${base}/${created.id}`, token: tokens.admin });
    expect(removed.body).toEqual({ data: { status: 'deleted' } });
    expect((await t.call({ method: 'GET', url: `${base}/${created.id}`, token: tokens.admin })).status).toBe(
      404,
    );

    const logs = await logsOf(created.id);
    expect(logs.map((log) => log.event)).toEqual(['created', 'updated', 'deleted']);
    expect(logs[1]?.changes).toEqual({
      before: { answer: 'Yes: open it and choose Pause.', enabled: true },
      after: { answer: 'Yes: choose Pause on its page.', enabled: false },
    });
    expect(logs[2]?.changes.before).toMatchObject({ question: 'Can I pause a campaign?' });
  });

  it('refuses invalid fields with field errors, and a language that is not enabled', async () => {
    const invalid = await t.call({
      method: 'POST',
      url: base,
      token: tokens.admin,
      payload: { locale: 'en', question: ' ', answer: '', position: -1, enabled: 'yes' },
    });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['answer', 'enabled', 'position', 'question']);

    const unknown = await t.call({
      method: 'POST',
      url: base,
      token: tokens.admin,
      payload: faq({ locale: 'xx' }),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ locale: [messages.unknownLocale] });

    await t.database.db.update(locales).set({ enabled: false }).where(eq(locales.code, 'pl'));
    try {
      const disabled = await t.call({
        method: 'POST',
        url: base,
        token: tokens.admin,
        payload: faq({ locale: 'pl' }),
      });
      expect(disabled.body.errors).toEqual({ locale: [messages.unknownLocale] });
    } finally {
      await t.database.db.update(locales).set({ enabled: true }).where(eq(locales.code, 'pl'));
    }
    const missing = await t.call({
      method: 'PUT',
      url: `${base}/987654`,
      token: tokens.admin,
      payload: faq(),
    });
    expect(missing.status).toBe(404);
    expect((await t.call({ method: 'DELETE', url: `${base}/987654`, token: tokens.admin })).status).toBe(404);
  });

  it('lists by language and position, filters by language and status, searches and pages', async () => {
    const list = async (query = '') => {
      const res = await t.call({ method: 'GET', url: `${base}${query}`, token: tokens.admin });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.faqs as {
        elements: { locale: string; position: number; enabled: boolean; question: string }[];
        meta: { total: number; lastPage: number };
      };
    };
    const all = await list('?perPage=100');
    const total = (await t.database.db.select().from(faqs)).length;
    expect(all.meta.total).toBe(total);
    const order = all.elements.map((f) => [f.locale, f.position]);
    expect(order).toEqual(
      [...order].sort((a, b) => String(a[0]).localeCompare(String(b[0])) || Number(a[1]) - Number(b[1])),
    );
    expect((await list('?locale=pl')).elements.every((f) => f.locale === 'pl')).toBe(true);
    await create(faq({ question: 'Hidden question', enabled: false }));
    expect((await list('?enabled=false')).elements.map((f) => f.question)).toEqual(['Hidden question']);
    expect((await list('?search=doładować')).elements.map((f) => f.locale)).toEqual(['pl']);
    const paged = await list('?perPage=3&page=2&sort=question&order=desc');
    expect(paged.elements).toHaveLength(3);
    expect(paged.meta.lastPage).toBe(Math.ceil((total + 1) / 3));
    expect((await t.call({ method: 'GET', url: `${base}?sort=answer`, token: tokens.admin })).status).toBe(
      422,
    );
  });
});

describe('FAQs in the agency and advertiser panels', () => {
  it('shows the enabled FAQs of the user’s language by position, never the disabled ones', async () => {
    const first = await create(faq({ question: 'First of all?', position: 0 }));
    const faqsOfAdvertiser = await published('advertiser', tokens.advertiser);
    expect(faqsOfAdvertiser.elements[0]?.question).toBe('First of all?');
    expect(faqsOfAdvertiser.elements.every((f) => f.locale === 'en')).toBe(true);
    expect(faqsOfAdvertiser.elements.map((f) => f.question)).not.toContain('Hidden question');
    const enabledEnglish = await t.database.db
      .select()
      .from(faqs)
      .where(and(eq(faqs.locale, 'en'), eq(faqs.enabled, true)));
    expect(faqsOfAdvertiser.meta.total).toBe(enabledEnglish.length);
    expect((await published('agency', tokens.agency)).meta.total).toBe(enabledEnglish.length);
    await t.call({ method: 'DELETE', url: `${base}/${first.id}`, token: tokens.admin });
  });

  it('follows the user’s language, or the one asked for, and falls back to English when it has none', async () => {
    const polish = await published('advertiser', tokens.advertiser, '?locale=pl');
    expect(polish.elements.length).toBeGreaterThan(0);
    expect(polish.elements.every((f) => f.locale === 'pl')).toBe(true);

    await t.call({
      method: 'PUT',
      url: '/api/advertiser/me',
      token: tokens.solo,
      payload: { firstName: 'Sol', lastName: 'Storer', phone: null, locale: 'pl' },
    });
    const own = await published('advertiser', tokens.solo);
    expect(own.elements[0]?.locale).toBe('pl');

    const german = await published('advertiser', tokens.advertiser, '?locale=de');
    expect(german.elements.length).toBeGreaterThan(0);
    expect(german.elements.every((f) => f.locale === 'en')).toBe(true);
  });

  it('searches questions and answers in the language shown, without falling back on no match', async () => {
    const found = await published('advertiser', tokens.advertiser, '?locale=pl&search=doładować');
    expect(found.elements.map((f) => f.question)).toEqual(['Jak doładować saldo?']);
    const none = await published('advertiser', tokens.advertiser, '?locale=pl&search=balance');
    expect(none.elements).toEqual([]);
  });
});
