import { demoAccounts, emailTemplates, queuedEmails } from '@rtb/db';
import { messages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, tokenFromMail } from '../../test/harness';
import { queueReset, startTestWorker } from './test-helpers';

let t: TestApp;
let admin: string;
let mailId: number;
let templateId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const mail = startTestWorker(t);
  mailId = (await queueReset(t, 'ola@example.com')).id;
  await mail.worker.runOnce();
  await mail.worker.stop();
  const [template] = await t.database.db.select({ id: emailTemplates.id }).from(emailTemplates).limit(1);
  templateId = template?.id as number;
});
afterAll(() => t.close());

/** An admin user with the seeded role, invited and activated through the API. */
async function signedInAdmin(email: string, roleSlug: string): Promise<string> {
  const roles = await t.call({ method: 'GET', url: '/api/admin/roles?category=admin', token: admin });
  const role = roles.body.data.roles.elements.find((r: { slug: string }) => r.slug === roleSlug);
  const created = await t.call({
    method: 'POST',
    url: '/api/admin/admin-users',
    token: admin,
    payload: { email, firstName: 'Rita', lastName: 'Reader', roleId: role.id },
  });
  expect(created.status).toBe(201);
  const invitation = (await t.outbox()).findLast((m) => m.toAddress === email);
  const res = await t.call({
    method: 'POST',
    url: '/api/admin/auth/activate',
    payload: {
      token: tokenFromMail(invitation?.html ?? ''),
      password: 'silver-kettle-64',
      passwordConfirmation: 'silver-kettle-64',
    },
  });
  expect(res.status).toBe(200);
  return res.body.data.authToken as string;
}

const routes = () => ({
  reads: [
    { method: 'GET', url: '/api/admin/queued-emails' },
    { method: 'GET', url: `/api/admin/queued-emails/${mailId}` },
    { method: 'GET', url: `/api/admin/queued-emails/${mailId}/preview` },
    { method: 'GET', url: '/api/admin/email-templates' },
    { method: 'GET', url: `/api/admin/email-templates/${templateId}` },
    {
      method: 'POST',
      url: '/api/admin/email-templates/preview',
      payload: { key: 'password-reset', locale: 'en', subject: 'S', html: '<a href="{{link}}">x</a>' },
    },
    { method: 'GET', url: '/api/admin/notification-logs' },
  ],
  writes: [
    { method: 'POST', url: `/api/admin/queued-emails/${mailId}/resend` },
    {
      method: 'PUT',
      url: `/api/admin/email-templates/${templateId}`,
      payload: { subject: 'Changed', html: '<a href="{{link}}">x</a>' },
    },
  ],
});

describe('notifications permissions', () => {
  it('a read-only admin may read and preview, but neither resend nor edit', async () => {
    const viewer = await signedInAdmin('rita@example.com', 'viewer');
    const { reads, writes } = routes();
    for (const route of reads) {
      const res = await t.call({ ...route, token: viewer } as never);
      expect(res.status, `${route.method} ${route.url}`).toBe(200);
    }
    for (const route of writes) {
      const res = await t.call({ ...route, token: viewer } as never);
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body).toEqual({ message: messages.forbidden, code: 403 });
    }
    const [row] = await t.database.db.select().from(queuedEmails).where(eq(queuedEmails.id, mailId));
    expect(row?.status).toBe('sent');
    const [template] = await t.database.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.id, templateId));
    expect(template?.subject).not.toBe('Changed');
  });

  it('an operator may resend and edit', async () => {
    const operator = await signedInAdmin('olaf@example.com', 'operator');
    for (const route of routes().writes) {
      const res = await t.call({ ...route, token: operator } as never);
      expect(res.status, `${route.method} ${route.url}`).toBe(200);
    }
  });

  it('agency and advertiser tokens get 403 on every route, and no token 401', async () => {
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const advertiser = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const { reads, writes } = routes();
    for (const route of [...reads, ...writes]) {
      for (const token of [agency, advertiser]) {
        const res = await t.call({ ...route, token } as never);
        expect(res.status, `${route.method} ${route.url}`).toBe(403);
        expect(res.body.message).toBe(messages.forbidden);
      }
      expect((await t.call(route as never)).status, `${route.method} ${route.url}`).toBe(401);
    }
  });
});
