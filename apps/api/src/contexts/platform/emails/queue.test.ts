import { notificationLogs, queuedEmails } from '@rtb/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { queueEmail } from './queue';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const activation = (to: string, locale: string) =>
  queueEmail(t.deps, {
    to,
    templateKey: 'account-activation',
    locale,
    vars: { firstName: 'Ann <Admin>', link: 'https://panel.test/activate?token=tok-1&x=2', validHours: 48 },
  });

describe('queueEmail', () => {
  it('renders the English template and stores a pending mail in the outbox', async () => {
    const queued = await activation('ann-en@example.com', 'en');
    const [row] = await t.database.db.select().from(queuedEmails).where(eq(queuedEmails.id, queued.id));
    expect(row).toMatchObject({
      toAddress: 'ann-en@example.com',
      accountId: null,
      templateKey: 'account-activation',
      locale: 'en',
      subject: 'Activate your RTB Panel account',
      status: 'pending',
      attempts: 0,
      lastError: null,
      sentAt: null,
    });
    expect(row?.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
    expect(row?.html).toContain('Hello Ann &lt;Admin&gt;,');
    expect(row?.html).toContain('href="https://panel.test/activate?token=tok-1&amp;x=2"');
    expect(row?.html).toContain('valid for 48 hours');
    expect(row?.html).not.toMatch(/\{\{/);
    expect(row?.text).toContain('Hello Ann <Admin>,');
    expect(row?.text).toContain('Activate account (https://panel.test/activate?token=tok-1&x=2)');
    expect(row?.text).not.toMatch(/<[a-z/]/);
  });

  it("writes the mail's 'queued' notification log row", async () => {
    const queued = await activation('ann-log@example.com', 'en');
    const logs = await t.database.db
      .select()
      .from(notificationLogs)
      .where(eq(notificationLogs.queuedEmailId, queued.id));
    expect(logs.map((l) => [l.event, l.detail])).toEqual([['queued', null]]);
  });

  it('renders the template in the requested locale', async () => {
    const en = await activation('ann-en2@example.com', 'en');
    const pl = await activation('ann-pl@example.com', 'pl');
    expect(pl.locale).toBe('pl');
    expect(pl.subject).toBe('Aktywuj konto w RTB Panel');
    expect(pl.subject).not.toBe(en.subject);
    expect(pl.html).toContain('Dzień dobry Ann &lt;Admin&gt;,');
    expect(pl.text).toContain('Aktywuj konto (https://panel.test/activate?token=tok-1&x=2)');
  });

  it('falls back to English for a locale without templates', async () => {
    const queued = await activation('ann-de@example.com', 'de');
    expect(queued.locale).toBe('en');
    expect(queued.subject).toBe('Activate your RTB Panel account');
    expect((await t.outbox()).find((m) => m.id === queued.id)?.locale).toBe('en');
  });

  it('lets a var override the product name and fills the subject unescaped', async () => {
    const queued = await queueEmail(t.deps, {
      to: 'x@example.com',
      templateKey: 'password-reset',
      locale: 'en',
      vars: { productName: 'Ads & Co', firstName: 'X', link: 'https://l.test', validMinutes: 30 },
    });
    expect(queued.subject).toBe('Reset your Ads & Co password');
    expect(queued.html).toContain('Ads &amp; Co');
  });

  it('throws for an unknown template and stores nothing', async () => {
    const before = (await t.outbox()).length;
    await expect(
      queueEmail(t.deps, { to: 'x@example.com', templateKey: 'no-such-template', locale: 'en', vars: {} }),
    ).rejects.toThrow(/no-such-template/);
    expect(await t.outbox()).toHaveLength(before);
  });
});
