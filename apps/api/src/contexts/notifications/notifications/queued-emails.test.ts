import { demoAccounts, notificationLogs, queuedEmails } from '@rtb/db';
import { messages, notificationMessages } from '@rtb/shared';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import type { QueuedEmail } from '../../platform/emails/repository';
import { activityOf, queueActivation, queueReset, startTestWorker } from './test-helpers';

let t: TestApp;
let admin: string;
let wakes = 0;
let mail: ReturnType<typeof startTestWorker>;
/** Sent, failed and pending, queued in that order. */
let sent: QueuedEmail;
let failed: QueuedEmail;
let pending: QueuedEmail;

beforeAll(async () => {
  t = await createTestApp({ demo: true, deps: { mailQueued: () => wakes++ } });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  mail = startTestWorker(t);
  await t.database.db.delete(queuedEmails);
  sent = await queueReset(t, 'ola@example.com');
  failed = await queueReset(t, 'zed@example.com');
  mail.refused.add('zed@example.com');
  await mail.worker.runOnce();
  pending = await queueActivation(t, 'piotr@example.com', 'pl');
});
afterAll(async () => {
  await mail.worker.stop();
  await t.close();
});

const base = '/api/admin/queued-emails';
const list = async (query = '') => {
  const res = await t.call({ method: 'GET', url: `${base}${query}`, token: admin });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.queuedEmails as { elements: { id: number; status: string }[]; meta: unknown };
};
const ids = async (query = '') => (await list(query)).elements.map((m) => m.id);
const events = async (id: number) =>
  (
    await t.database.db
      .select()
      .from(notificationLogs)
      .where(eq(notificationLogs.queuedEmailId, id))
      .orderBy(asc(notificationLogs.id))
  ).map((l) => l.event);

describe('GET /admin/queued-emails', () => {
  it('lists the outbox newest first, with each delivery state', async () => {
    const page = await list();
    expect(page.meta).toEqual({ page: 1, perPage: 25, total: 3, lastPage: 1 });
    expect(page.elements.map((m) => m.id)).toEqual([pending.id, failed.id, sent.id]);
    const [p, f, s] = page.elements;
    expect(p).toEqual({
      id: pending.id,
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/),
      updatedAt: expect.any(String),
      accountId: null,
      toAddress: 'piotr@example.com',
      templateKey: 'account-activation',
      locale: 'pl',
      subject: 'Aktywuj konto w RTB Panel',
      status: 'pending',
      attempts: 0,
      nextAttemptAt: expect.any(String),
      lastError: null,
      sentAt: null,
    });
    expect(f).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: '550 Mailbox zed@example.com unavailable',
    });
    expect(s).toMatchObject({ status: 'sent', attempts: 1, lastError: null, sentAt: expect.any(String) });
    expect(s).not.toHaveProperty('html');
  });

  it('filters by status, template and locale, and searches the address and subject', async () => {
    expect(await ids('?status=sent')).toEqual([sent.id]);
    expect(await ids('?status=failed')).toEqual([failed.id]);
    expect(await ids('?templateKey=account-activation')).toEqual([pending.id]);
    expect(await ids('?locale=pl')).toEqual([pending.id]);
    expect(await ids('?locale=en&templateKey=password-reset')).toEqual([failed.id, sent.id]);
    expect(await ids('?search=ZED')).toEqual([failed.id]);
    expect(await ids('?search=Aktywuj')).toEqual([pending.id]);
    expect(await ids('?search=nobody')).toEqual([]);
  });

  it('filters by UTC days, both included', async () => {
    await t.database.db
      .update(queuedEmails)
      .set({ createdAt: new Date('2024-01-10T23:59:00Z') })
      .where(eq(queuedEmails.id, sent.id));
    expect(await ids('?from=2024-01-10&to=2024-01-10')).toEqual([sent.id]);
    expect(await ids('?to=2024-01-09')).toEqual([]);
    expect(await ids('?from=2024-01-11')).toEqual([pending.id, failed.id]);
  });

  it('sorts by status or creation time, and pages', async () => {
    expect((await list('?sort=status&order=asc')).elements.map((m) => m.status)).toEqual([
      'failed',
      'pending',
      'sent',
    ]);
    expect(await ids('?sort=createdAt&order=asc')).toEqual([sent.id, failed.id, pending.id]);
    const second = await list('?perPage=2&page=2');
    expect(second.meta).toEqual({ page: 2, perPage: 2, total: 3, lastPage: 2 });
    expect(second.elements).toHaveLength(1);
  });

  it('answers 422 with the field keys of a wrong filter', async () => {
    const res = await t.call({
      method: 'GET',
      url: `${base}?status=lost&from=2024-02-30&sort=toAddress`,
      token: admin,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['from', 'sort', 'status']);
    expect(res.body.errors.from).toEqual([notificationMessages.realDate]);
    const range = await t.call({ method: 'GET', url: `${base}?from=2024-02-02&to=2024-02-01`, token: admin });
    expect(range.status).toBe(422);
    expect(range.body.errors).toEqual({ to: [notificationMessages.endBeforeStart] });
  });
});

describe('GET /admin/queued-emails/:id and its preview', () => {
  it('shows a mail with its plain text and notification log', async () => {
    const res = await t.call({ method: 'GET', url: `${base}/${failed.id}`, token: admin });
    expect(res.status).toBe(200);
    const dto = res.body.data.queuedEmail;
    expect(dto).toMatchObject({ id: failed.id, toAddress: 'zed@example.com', status: 'failed' });
    expect(dto.text).toContain('(https://panel.test/reset?token=tok-zed@example.com)');
    expect(dto.logs.map((l: { event: string }) => l.event)).toEqual(['queued', 'failed']);
    expect(dto.logs[1]).toEqual({
      id: expect.any(Number),
      createdAt: expect.any(String),
      event: 'failed',
      detail: '550 Mailbox zed@example.com unavailable',
    });
  });

  it('previews the subject and HTML as stored', async () => {
    const res = await t.call({ method: 'GET', url: `${base}/${sent.id}/preview`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.queuedEmailHtml).toEqual({ subject: sent.subject, html: sent.html });
    expect(res.body.data.queuedEmailHtml.html).toContain(
      'href="https://panel.test/reset?token=tok-ola@example.com"',
    );
  });

  it('answers 404 for a mail that does not exist', async () => {
    for (const url of [`${base}/999999`, `${base}/999999/preview`]) {
      const res = await t.call({ method: 'GET', url, token: admin });
      expect(res.status, url).toBe(404);
      expect(res.body.message).toBe(messages.notFound);
    }
  });
});

describe('POST /admin/queued-emails/:id/resend', () => {
  it('puts a failed mail back in the queue as it was, logs it, wakes the worker, which sends it', async () => {
    const wakesBefore = wakes;
    const res = await t.call({ method: 'POST', url: `${base}/${failed.id}/resend`, token: admin });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const dto = res.body.data.queuedEmail;
    expect(dto).toMatchObject({
      id: failed.id,
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(dto.logs.map((l: { event: string }) => l.event)).toEqual(['queued', 'failed', 'resent']);
    expect(wakes).toBe(wakesBefore + 1);

    const [row] = await t.database.db.select().from(queuedEmails).where(eq(queuedEmails.id, failed.id));
    expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());
    expect(row?.html).toBe(failed.html);

    const [activity] = await activityOf(t, 'queued_email', failed.id);
    expect(activity?.event).toBe('updated');
    expect(activity?.changes).toMatchObject({
      before: { status: 'failed', attempts: 1, lastError: '550 Mailbox zed@example.com unavailable' },
      after: { status: 'pending', attempts: 0, lastError: null },
    });

    mail.refused.delete('zed@example.com');
    expect(await mail.worker.runOnce()).toBe(2);
    expect(mail.delivered).toContain('zed@example.com');
    expect(await events(failed.id)).toEqual(['queued', 'failed', 'resent', 'sent']);
  });

  it('sends a sent mail again', async () => {
    const res = await t.call({ method: 'POST', url: `${base}/${sent.id}/resend`, token: admin });
    expect(res.status).toBe(200);
    expect(res.body.data.queuedEmail.status).toBe('pending');
    const before = mail.delivered.filter((to) => to === 'ola@example.com').length;
    await mail.worker.runOnce();
    expect(mail.delivered.filter((to) => to === 'ola@example.com')).toHaveLength(before + 1);
    expect(await events(sent.id)).toEqual(['queued', 'sent', 'resent', 'sent']);
  });

  it('refuses a mail that is still pending, and leaves it as it is', async () => {
    const waiting = await queueReset(t, 'later@example.com');
    await t.database.db
      .update(queuedEmails)
      .set({ nextAttemptAt: new Date(Date.now() + 3_600_000), attempts: 2 })
      .where(eq(queuedEmails.id, waiting.id));
    const wakesBefore = wakes;
    const res = await t.call({ method: 'POST', url: `${base}/${waiting.id}/resend`, token: admin });
    expect(res.status).toBe(422);
    expect(res.body.errors).toEqual({ status: [notificationMessages.stillPending] });
    expect(wakes).toBe(wakesBefore);
    expect(await events(waiting.id)).toEqual(['queued']);
    expect(await activityOf(t, 'queued_email', waiting.id)).toEqual([]);
  });

  it('answers 404 for a mail that does not exist', async () => {
    const res = await t.call({ method: 'POST', url: `${base}/999999/resend`, token: admin });
    expect(res.status).toBe(404);
  });
});
