import { accounts, activityLogs, demoAccounts, emailTemplates, seedReferenceData } from '@rtb/db';
import { bannerMessages, bannerRejectionReasons, messages } from '@rtb/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { rejectionReasonName } from './rejection-reasons';
import { advertiserIdOf, bannerRow, insertAdvertiserUser, insertBanner } from './test-helpers';

let t: TestApp;
let admin: string;
let adminAccountId: number;
let demoShop: number;
let agencyId: number | null;

beforeAll(async () => {
  t = await createTestApp({ demo: true });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
  const [account] = await t.database.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(eq(accounts.login, demoAccounts.admin.login));
  adminAccountId = account?.id as number;
  demoShop = await advertiserIdOf(t.database.db, 'Demo Shop');
  const shop = await t.call({ method: 'GET', url: `/api/admin/advertisers/${demoShop}`, token: admin });
  agencyId = shop.body.data.advertiser.agency.id;
  // Demo Shop's users besides Dorota (English): one in Polish, one disabled.
  await insertAdvertiserUser(t.database.db, demoShop, {
    login: 'pawel@demo-shop.example.com',
    firstName: 'Paweł',
    locale: 'pl',
  });
  await insertAdvertiserUser(t.database.db, demoShop, {
    login: 'gone@demo-shop.example.com',
    firstName: 'Gone',
    locale: 'en',
    enabled: false,
  });
});
afterAll(() => t.close());

const review = (id: number, payload: Record<string, unknown>, token = admin) =>
  t.call({ method: 'PUT', url: `/api/admin/banners/${id}/review`, token, payload });
const pending = (name: string) => insertBanner(t.database.db, { advertiserId: demoShop, name });
const bannerLogs = (id: number) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, 'banner'), eq(activityLogs.entityId, String(id))));
const mailsAbout = async (bannerName: string) =>
  (await t.outbox()).filter(
    (mail) => mail.templateKey === 'banner-rejected' && mail.html.includes(bannerName),
  );

describe('PUT /api/admin/banners/:id/review: approve', () => {
  it('approves a pending banner, records who and when, and logs it', async () => {
    const banner = await pending('Approve me');
    const res = await review(banner.id, { decision: 'approve' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.banner).toMatchObject({
      id: banner.id,
      status: 'approved',
      rejectionReason: null,
      rejectionNote: null,
      reviewedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      reviewedBy: { id: adminAccountId, name: expect.any(String) },
      previewUrl: `/creatives/${banner.assetKey}/spring.png`,
    });
    expect(await bannerRow(t.database.db, banner.id)).toMatchObject({
      status: 'approved',
      reviewedByAccountId: adminAccountId,
      reviewedAt: expect.any(Date),
    });
    const logs = await bannerLogs(banner.id);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({
      event: 'updated',
      actorAccountId: adminAccountId,
      advertiserId: demoShop,
      agencyId,
      changes: { before: { status: 'pending' }, after: { status: 'approved' } },
    });
    // No mail on approval.
    expect(await mailsAbout('Approve me')).toEqual([]);
  });

  it('clears an earlier rejection note on approval', async () => {
    const banner = await insertBanner(t.database.db, {
      advertiserId: demoShop,
      name: 'Resubmitted',
      rejectionNote: 'Earlier: the logo was blurred.',
    });
    const res = await review(banner.id, { decision: 'approve' });
    expect(res.body.data.banner).toMatchObject({ status: 'approved', rejectionNote: null });
    expect((await bannerLogs(banner.id))[0]?.changes).toEqual({
      before: { status: 'pending', rejectionNote: 'Earlier: the logo was blurred.' },
      after: { status: 'approved', rejectionNote: null },
    });
  });
});

describe('PUT /api/admin/banners/:id/review: reject', () => {
  it('rejects with a reason and a note, and logs both', async () => {
    const banner = await pending('Reject me');
    const res = await review(banner.id, {
      decision: 'reject',
      reason: 'landing_page_mismatch',
      note: '  The page sells shoes, the banner shows bikes.  ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.banner).toMatchObject({
      status: 'rejected',
      rejectionReason: 'landing_page_mismatch',
      rejectionNote: 'The page sells shoes, the banner shows bikes.',
      reviewedBy: { id: adminAccountId },
    });
    expect((await bannerLogs(banner.id))[0]?.changes).toEqual({
      before: { status: 'pending', rejectionReason: null, rejectionNote: null },
      after: {
        status: 'rejected',
        rejectionReason: 'landing_page_mismatch',
        rejectionNote: 'The page sells shoes, the banner shows bikes.',
      },
    });
  });

  it('takes each reason of the list; a note is optional except for "other"', async () => {
    for (const reason of bannerRejectionReasons.filter((r) => r !== 'other')) {
      const banner = await pending(`Reason ${reason}`);
      const res = await review(banner.id, { decision: 'reject', reason });
      expect(res.status, reason).toBe(200);
      expect(res.body.data.banner).toMatchObject({ rejectionReason: reason, rejectionNote: null });
    }
    const other = await pending('Reason other');
    const ok = await review(other.id, { decision: 'reject', reason: 'other', note: 'Flashes too fast.' });
    expect(ok.body.data.banner).toMatchObject({
      rejectionReason: 'other',
      rejectionNote: 'Flashes too fast.',
    });
  });

  it('refuses "other" without a note, and a reason outside the list, with field errors', async () => {
    const banner = await pending('Needs a note');
    for (const note of [undefined, '', '   ']) {
      const res = await review(banner.id, {
        decision: 'reject',
        reason: 'other',
        ...(note === undefined ? {} : { note }),
      });
      expect(res.status).toBe(422);
      expect(res.body).toEqual({
        message: messages.validation,
        code: 422,
        error: 'validation.failed',
        issues: expect.any(Object),
        errors: { note: [bannerMessages.rejectionNoteRequired] },
      });
    }
    const unknown = await review(banner.id, { decision: 'reject', reason: 'ugly' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ reason: [bannerMessages.rejectionReasonRequired] });
    const missing = await review(banner.id, { decision: 'reject' });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toEqual({ reason: [bannerMessages.rejectionReasonRequired] });
    const longNote = await review(banner.id, { decision: 'reject', reason: 'other', note: 'x'.repeat(1001) });
    expect(longNote.status).toBe(422);
    expect(Object.keys(longNote.body.errors)).toEqual(['note']);
    const noDecision = await review(banner.id, { decision: 'maybe' });
    expect(noDecision.status).toBe(422);
    // Nothing was decided by any of them.
    expect(await bannerRow(t.database.db, banner.id)).toMatchObject({ status: 'pending', reviewedAt: null });
    expect(await bannerLogs(banner.id)).toEqual([]);
  });

  it('mails every enabled user of the advertiser in their language, with the reason, the note and a link', async () => {
    const banner = await pending('Autumn promo');
    const res = await review(banner.id, {
      decision: 'reject',
      reason: 'misleading',
      note: 'The 90% discount is not on the page.',
    });
    expect(res.status).toBe(200);
    const mails = await mailsAbout('Autumn promo');
    expect(mails.map((mail) => [mail.toAddress, mail.locale]).sort()).toEqual([
      [demoAccounts.advertiser.login, 'en'],
      ['pawel@demo-shop.example.com', 'pl'],
    ]);
    const link = `http://panel.test/panel/advertiser/banners?banner=${banner.id}`;
    const en = mails.find((mail) => mail.locale === 'en');
    expect(en?.subject).toBe('Your creative Autumn promo was rejected');
    expect(en?.html).toContain('Hello Dorota');
    expect(en?.html).toContain(rejectionReasonName('misleading', 'en'));
    expect(en?.html).toContain('Misleading content');
    expect(en?.html).toContain('The 90% discount is not on the page.');
    expect(en?.html).toContain(link);
    const pl = mails.find((mail) => mail.locale === 'pl');
    expect(pl?.subject).toBe('Kreacja Autumn promo została odrzucona');
    expect(pl?.html).toContain('Dzień dobry Paweł');
    expect(pl?.html).toContain('Treści wprowadzające w błąd');
    expect(pl?.html).not.toContain('Misleading content');
    expect(pl?.html).toContain('The 90% discount is not on the page.');
    expect(pl?.html).toContain(link);
    // In the outbox for the worker (the disabled user gets nothing).
    expect(mails.every((mail) => mail.status === 'pending' || mail.status === 'sent')).toBe(true);
  });

  it('escapes the banner name and the note in the mail', async () => {
    const banner = await pending('<b>Bold</b> banner');
    await review(banner.id, { decision: 'reject', reason: 'other', note: '<script>alert(1)</script>' });
    const [mail] = await mailsAbout('&lt;b&gt;Bold&lt;/b&gt; banner');
    expect(mail?.html).toContain('&lt;script&gt;');
    expect(mail?.html).not.toContain('<script>');
  });
});

describe('PUT /api/admin/banners/:id/review: only pending banners', () => {
  it('answers 422 for a banner already decided, archived or decided again', async () => {
    const banner = await pending('Decide once');
    expect((await review(banner.id, { decision: 'approve' })).status).toBe(200);
    for (const body of [{ decision: 'approve' }, { decision: 'reject', reason: 'trademark' }]) {
      const res = await review(banner.id, body);
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ decision: [bannerMessages.notPending] });
    }
    const archived = await insertBanner(t.database.db, {
      advertiserId: demoShop,
      name: 'Archived one',
      status: 'archived',
    });
    expect((await review(archived.id, { decision: 'approve' })).body.errors).toEqual({
      decision: [bannerMessages.notPending],
    });
    expect(await bannerRow(t.database.db, banner.id)).toMatchObject({ status: 'approved' });
    expect(await bannerLogs(banner.id)).toHaveLength(1);
  });

  it('of two admins deciding at once, one wins and the other gets 422', async () => {
    const banner = await pending('Contested');
    const results = await Promise.all([
      review(banner.id, { decision: 'approve' }),
      review(banner.id, { decision: 'reject', reason: 'poor_quality' }),
    ]);
    expect(results.map((res) => res.status).sort()).toEqual([200, 422]);
    const loser = results.find((res) => res.status === 422);
    expect(loser?.body.errors).toEqual({ decision: [bannerMessages.notPending] });
    const winner = results.find((res) => res.status === 200);
    expect((await bannerRow(t.database.db, banner.id)).status).toBe(winner?.body.data.banner.status);
    expect(await bannerLogs(banner.id)).toHaveLength(1);
    // A rejection mail only if the rejection won.
    expect((await mailsAbout('Contested')).length).toBe(
      winner?.body.data.banner.status === 'rejected' ? 2 : 0,
    );
  });

  it('answers 404 for a banner that does not exist', async () => {
    const res = await review(999_999, { decision: 'approve' });
    expect(res.status).toBe(404);
  });
});

describe('the banner-rejected template', () => {
  it('reaches an installation seeded before it on the next start, and an edited one is kept', async () => {
    const db = t.database.db;
    await db
      .delete(emailTemplates)
      .where(and(eq(emailTemplates.key, 'banner-rejected'), eq(emailTemplates.locale, 'pl')));
    await db
      .update(emailTemplates)
      .set({ subject: 'Edited: {{bannerName}}' })
      .where(and(eq(emailTemplates.key, 'banner-rejected'), eq(emailTemplates.locale, 'en')));
    await seedReferenceData(db);
    const rows = await db.select().from(emailTemplates).where(eq(emailTemplates.key, 'banner-rejected'));
    expect(rows.map((row) => [row.locale, row.subject]).sort()).toEqual([
      ['en', 'Edited: {{bannerName}}'],
      ['pl', 'Kreacja {{bannerName}} została odrzucona'],
    ]);
  });
});
