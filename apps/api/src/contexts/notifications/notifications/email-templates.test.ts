import { demoAccounts, emailTemplates } from '@rtb/db';
import { messages, notificationMessages } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activityOf, queueReset } from './test-helpers';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ demo: true, config: { productName: 'Ads & Co <Test>' } });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
});
afterAll(() => t.close());

const base = '/api/admin/email-templates';

async function templateId(key: string, locale: string): Promise<number> {
  const [row] = await t.database.db
    .select({ id: emailTemplates.id })
    .from(emailTemplates)
    .where(and(eq(emailTemplates.key, key), eq(emailTemplates.locale, locale)));
  if (!row) throw new Error(`no template ${key}/${locale}`);
  return row.id;
}

const list = async (query = '') => {
  const res = await t.call({ method: 'GET', url: `${base}${query}`, token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.emailTemplates as { elements: { key: string; locale: string }[]; meta: unknown };
};
const pairs = async (query = '') => (await list(query)).elements.map((e) => `${e.key}/${e.locale}`);

describe('GET /admin/email-templates', () => {
  it('lists every template by key and locale, without the HTML', async () => {
    const page = await list();
    expect(page.meta).toEqual({ page: 1, perPage: 25, total: 24, lastPage: 1 });
    expect(page.elements.map((e) => `${e.key}/${e.locale}`)).toEqual([
      'account-activation/en',
      'account-activation/pl',
      'account-exists/en',
      'account-exists/pl',
      'alert-digest/en',
      'alert-digest/pl',
      'banner-rejected/en',
      'banner-rejected/pl',
      'invoice/en',
      'invoice/pl',
      'password-changed/en',
      'password-changed/pl',
      'password-reset/en',
      'password-reset/pl',
      'support-contact/en',
      'support-contact/pl',
      'support-reply/en',
      'support-reply/pl',
      'top-up-request-accepted/en',
      'top-up-request-accepted/pl',
      'top-up-request-rejected/en',
      'top-up-request-rejected/pl',
      'weekly-report/en',
      'weekly-report/pl',
    ]);
    expect(page.elements[0]).toEqual({
      id: expect.any(Number),
      key: 'account-activation',
      locale: 'en',
      subject: 'Activate your {{productName}} account',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
  });

  it('filters by key and locale, searches key and subject, sorts and pages', async () => {
    expect(await pairs('?key=password-reset')).toEqual(['password-reset/en', 'password-reset/pl']);
    expect(await pairs('?locale=pl&search=hasło')).toEqual(['password-changed/pl', 'password-reset/pl']);
    expect(await pairs('?search=EXISTS')).toEqual(['account-exists/en', 'account-exists/pl']);
    expect((await pairs('?sort=locale&order=desc')).slice(0, 2)).toEqual([
      'weekly-report/pl',
      'top-up-request-rejected/pl',
    ]);
    const last = await list('?perPage=7&page=4');
    expect(last.meta).toEqual({ page: 4, perPage: 7, total: 24, lastPage: 4 });
    expect(last.elements).toHaveLength(3);
    const bad = await t.call({ method: 'GET', url: `${base}?sort=html`, token: admin });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['sort']);
  });
});

describe('GET /admin/email-templates/:id', () => {
  it('shows the template with its HTML and the placeholders of its key', async () => {
    const id = await templateId('account-activation', 'pl');
    const res = await t.call({ method: 'GET', url: `${base}/${id}`, token: admin });
    expect(res.status).toBe(200);
    const dto = res.body.data.emailTemplate;
    expect(dto).toMatchObject({ id, key: 'account-activation', locale: 'pl' });
    expect(dto.html).toContain('<a href="{{link}}"');
    expect(dto.placeholders).toEqual([
      { name: 'productName', required: false },
      { name: 'firstName', required: false },
      { name: 'link', required: true },
      { name: 'validHours', required: false },
    ]);
    expect((await t.call({ method: 'GET', url: `${base}/999999`, token: admin })).status).toBe(404);
  });
});

describe('PUT /admin/email-templates/:id', () => {
  it('saves the subject and HTML, logs the change, and new mails use them', async () => {
    const id = await templateId('password-reset', 'en');
    const html =
      '<p>Dear {{ firstName }},</p><p><a href="{{link}}">Choose a new password</a> ({{validMinutes}} min)</p>';
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${id}`,
      token: admin,
      payload: { subject: '  New {{productName}} password  ', html },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.emailTemplate).toMatchObject({ id, subject: 'New {{productName}} password', html });

    const [activity] = await activityOf(t, 'email_template', id);
    expect(activity?.event).toBe('updated');
    expect(activity?.changes).toEqual({
      before: {
        subject: 'Reset your {{productName}} password',
        html: expect.stringContaining('Set a new password'),
      },
      after: { subject: 'New {{productName}} password', html },
    });

    const queued = await queueReset(t, 'after-edit@example.com');
    expect(queued.subject).toBe('New Ads & Co <Test> password');
    expect(queued.html).toContain('<p>Dear Ola,</p>');
  });

  it('answers 422 on the field that uses a placeholder the mail does not provide', async () => {
    const id = await templateId('account-exists', 'en');
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${id}`,
      token: admin,
      payload: {
        subject: 'Hi {{lastName}}',
        html: '<a href="{{link}}">Log in</a> within {{validHours}} hours',
      },
    });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({
      message: messages.validation,
      code: 422,
      error: 'validation.failed',
      issues: expect.any(Object),
      errors: {
        subject: [notificationMessages.unknownPlaceholder('lastName')],
        html: [notificationMessages.unknownPlaceholder('validHours')],
      },
    });
    const [row] = await t.database.db.select().from(emailTemplates).where(eq(emailTemplates.id, id));
    expect(row?.subject).toBe('Your {{productName}} account already exists');
    expect(await activityOf(t, 'email_template', id)).toEqual([]);
  });

  it('answers 422 on html when the action link is dropped', async () => {
    const id = await templateId('account-activation', 'en');
    const res = await t.call({
      method: 'PUT',
      url: `${base}/${id}`,
      token: admin,
      payload: { subject: 'Activate', html: '<p>Hello {{firstName}}, click the button.</p>' },
    });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ html: [notificationMessages.missingPlaceholder('link')] });
  });

  it('answers 422 on an empty or multi-line subject and an empty body, and 404 on an unknown id', async () => {
    const id = await templateId('account-activation', 'en');
    const empty = await t.call({
      method: 'PUT',
      url: `${base}/${id}`,
      token: admin,
      payload: { subject: ' ', html: '' },
    });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['html', 'subject']);
    const lines = await t.call({
      method: 'PUT',
      url: `${base}/${id}`,
      token: admin,
      payload: { subject: 'One\nTwo', html: '<a href="{{link}}">x</a>' },
    });
    expect(lines.status).toBe(422);
    expect(lines.body.errors).toEqual({ subject: [notificationMessages.subjectOneLine] });
    const missing = await t.call({
      method: 'PUT',
      url: `${base}/999999`,
      token: admin,
      payload: { subject: 'S', html: '<a href="{{link}}">x</a>' },
    });
    expect(missing.status).toBe(404);
  });
});

describe('POST /admin/email-templates/preview', () => {
  const preview = (payload: Record<string, unknown>) =>
    t.call({ method: 'POST', url: `${base}/preview`, token: admin, payload });

  it('renders a draft with realistic sample values of its key, saving nothing', async () => {
    const res = await preview({
      key: 'account-activation',
      locale: 'pl',
      subject: 'Witaj {{firstName}}',
      html: '<p>{{firstName}}: <a href="{{link}}">aktywuj</a> w {{validHours}} godz.</p>',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.emailTemplateHtml).toEqual({
      subject: 'Witaj Agnieszka',
      html: '<p>Agnieszka: <a href="http://panel.test/account/advertiser/activate?token=sample-activation-token">aktywuj</a> w 72 godz.</p>',
    });
    const [row] = await t.database.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.id, await templateId('account-activation', 'pl')));
    expect(row?.subject).toBe('Aktywuj konto w {{productName}}');
  });

  it('escapes the values in the HTML, not in the subject, and leaves unknown placeholders empty', async () => {
    const res = await preview({
      key: 'password-changed',
      locale: 'en',
      subject: '{{productName}} news',
      html: '<h1>{{productName}}</h1><p>[{{validHours}}]</p>',
    });
    expect(res.body.data.emailTemplateHtml).toEqual({
      subject: 'Ads & Co <Test> news',
      html: '<h1>Ads &amp; Co &lt;Test&gt;</h1><p>[]</p>',
    });
  });

  it('renders an empty draft, and answers 422 for a key without templates', async () => {
    const empty = await preview({ key: 'password-reset', locale: 'en', subject: '', html: '' });
    expect(empty.status).toBe(200);
    expect(empty.body.data.emailTemplateHtml).toEqual({ subject: '', html: '' });
    const unknown = await preview({ key: 'no-such-mail', locale: 'en', subject: 'S', html: 'H' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ key: [notificationMessages.unknownTemplate] });
    const invalid = await preview({ locale: 'en' });
    expect(invalid.status).toBe(422);
    expect(Object.keys(invalid.body.errors).sort()).toEqual(['html', 'key', 'subject']);
  });
});
