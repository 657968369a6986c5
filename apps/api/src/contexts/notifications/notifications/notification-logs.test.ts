import { demoAccounts, notificationLogs, queuedEmails } from '@rtb/db';
import { notificationMessages } from '@rtb/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { QueuedEmail } from '../../platform/emails/repository';
import { queueActivation, queueReset, startTestWorker } from './test-helpers';

let t: TestApp;
let admin: string;
let mail: ReturnType<typeof startTestWorker>;
let delivered: QueuedEmail;
let bounced: QueuedEmail;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  mail = startTestWorker(t);
  await t.database.db.delete(queuedEmails);
  delivered = await queueReset(t, 'ola@example.com');
  bounced = await queueActivation(t, 'zed@example.com', 'pl');
  mail.refused.add('zed@example.com');
  await mail.worker.runOnce();
});
afterAll(async () => {
  await mail.worker.stop();
  await t.close();
});

interface LogDto {
  id: number;
  event: string;
  detail: string | null;
  queuedEmail: { id: number; toAddress: string };
}
const list = async (query = '') => {
  const res = await t.call({ method: 'GET', url: `/api/admin/notification-logs${query}`, token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.notificationLogs as { elements: LogDto[]; meta: unknown };
};
const summary = async (query = '') =>
  (await list(query)).elements.map((l) => `${l.event} ${l.queuedEmail.toAddress}`);

describe('GET /admin/notification-logs', () => {
  it("lists every event newest first, each with its mail's address, subject and template", async () => {
    const page = await list();
    expect(page.meta).toEqual({ page: 1, perPage: 25, total: 4, lastPage: 1 });
    expect(page.elements.map((l) => `${l.event} ${l.queuedEmail.toAddress}`)).toEqual([
      'failed zed@example.com',
      'sent ola@example.com',
      'queued zed@example.com',
      'queued ola@example.com',
    ]);
    expect(page.elements[0]).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      event: 'failed',
      detail: '550 Mailbox zed@example.com unavailable',
      queuedEmail: {
        id: bounced.id,
        toAddress: 'zed@example.com',
        subject: 'Aktywuj konto w RTB Panel',
        templateKey: 'account-activation',
        locale: 'pl',
      },
    });
  });

  it('filters by event and by mail, and searches the address and subject', async () => {
    expect(await summary('?event=queued')).toEqual(['queued zed@example.com', 'queued ola@example.com']);
    expect(await summary(`?queuedEmailId=${delivered.id}`)).toEqual([
      'sent ola@example.com',
      'queued ola@example.com',
    ]);
    expect(await summary('?search=aktywuj&event=failed')).toEqual(['failed zed@example.com']);
    expect(await summary('?event=resent')).toEqual([]);
  });

  it('filters by UTC days, both included, and pages', async () => {
    await t.database.db
      .update(notificationLogs)
      .set({ createdAt: new Date('2024-03-05T00:00:00Z') })
      .where(eq(notificationLogs.queuedEmailId, delivered.id));
    expect(await summary('?from=2024-03-05&to=2024-03-05')).toEqual([
      'sent ola@example.com',
      'queued ola@example.com',
    ]);
    expect(await summary('?to=2024-03-04')).toEqual([]);
    expect(await summary('?from=2024-03-06')).toEqual(['failed zed@example.com', 'queued zed@example.com']);
    const second = await list('?perPage=3&page=2');
    expect(second.meta).toEqual({ page: 2, perPage: 3, total: 4, lastPage: 2 });
    expect(second.elements).toHaveLength(1);
  });

  it('answers 422 with the field keys of a wrong filter', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/admin/notification-logs?event=opened&queuedEmailId=abc&from=2024-1-1',
      token: admin,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['event', 'from', 'queuedEmailId']);
    expect(res.body.errors.from).toEqual([notificationMessages.dateFormat]);
    const range = await t.call({
      method: 'GET',
      url: '/api/admin/notification-logs?from=2024-03-02&to=2024-03-01',
      token: admin,
    });
    expect(range.body.errors).toEqual({ to: [notificationMessages.endBeforeStart] });
  });
});
