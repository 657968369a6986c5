import { demoAccounts, emailTemplates, queuedEmails } from '@rtb/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { expectAdminOnly, expectReadOnly, signedInAdmin } from '../../../test/permissions';
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
    const { token: viewer } = await signedInAdmin(t, admin, 'rita@example.com', 'viewer');
    const { reads, writes } = routes();
    await expectReadOnly(t, viewer, { reads, writes });
    const [row] = await t.database.db.select().from(queuedEmails).where(eq(queuedEmails.id, mailId));
    expect(row?.status).toBe('sent');
    const [template] = await t.database.db
      .select()
      .from(emailTemplates)
      .where(eq(emailTemplates.id, templateId));
    expect(template?.subject).not.toBe('Changed');
  });

  it('an operator may resend and edit', async () => {
    const { token: operator } = await signedInAdmin(t, admin, 'olaf@example.com', 'operator');
    for (const route of routes().writes) {
      const res = await t.call({ ...route, token: operator } as never);
      expect(res.status, `${route.method} ${route.url}`).toBe(200);
    }
  });

  it('agency and advertiser tokens get 403 on every route, and no token 401', async () => {
    await expectAdminOnly(t, routes());
  });
});
