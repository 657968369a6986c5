import { activityLogs, advertisers, agencies, comments } from '@rtb/db';
import { supportMessages } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoTokens, sentContact } from './test-helpers';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  tokens = await demoTokens(t);
});
afterAll(() => t.close());

const reply = (formContactId: number, content: string, token = tokens.admin) =>
  t.call({ method: 'POST', url: '/api/admin/comments', token, payload: { formContactId, content } });
const replyMails = async (to: string) =>
  (await t.outbox()).filter((m) => m.templateKey === 'support-reply' && m.toAddress === to);

describe('replies to a support request', () => {
  it('are added by an admin, move a new request in progress, and are logged with the organisation', async () => {
    const contact = await sentContact(t, tokens.advertiser, 'advertiser', {
      subject: 'Tag not firing',
      message: 'The tag shows no events.',
    });
    const res = await reply(contact.id, '  We have checked your tag: it fires now.  ');
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.comment).toMatchObject({
      content: 'We have checked your tag: it fires now.',
      author: { name: 'Ada Admin' },
    });

    const admin = await t.call({
      method: 'GET',
      url: `/api/admin/form-contacts/${contact.id}`,
      token: tokens.admin,
    });
    expect(admin.body.data.formContact).toMatchObject({
      status: 'in_progress',
      commentCount: 1,
      lastCommentAt: res.body.data.comment.createdAt,
    });

    const [shop] = await t.database.db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop'));
    const [agency] = await t.database.db.select().from(agencies).where(eq(agencies.name, 'Demo Agency'));
    const logs = await t.database.db
      .select()
      .from(activityLogs)
      .where(eq(activityLogs.entityType, 'comment'))
      .orderBy(asc(activityLogs.id));
    expect(logs.at(-1)).toMatchObject({
      event: 'created',
      entityId: String(res.body.data.comment.id),
      advertiserId: shop?.id,
      agencyId: agency?.id,
    });
    const statusLog = await t.database.db
      .select()
      .from(activityLogs)
      .where(and(eq(activityLogs.entityType, 'form_contact'), eq(activityLogs.entityId, String(contact.id))))
      .orderBy(asc(activityLogs.id));
    expect(statusLog.at(-1)?.changes).toEqual({
      before: { status: 'new' },
      after: { status: 'in_progress' },
    });
  });

  it('reach the sender: on their support page and by e-mail in their language', async () => {
    await t.call({
      method: 'PUT',
      url: '/api/advertiser/me',
      token: tokens.solo,
      payload: { firstName: 'Sol', lastName: 'Storer', phone: null, locale: 'pl' },
    });
    const contact = await sentContact(t, tokens.solo, 'advertiser', {
      subject: 'Faktura',
      message: 'Gdzie faktura?',
    });
    await reply(contact.id, 'Faktura jest w zakładce Płatności.\nPozdrawiamy!');
    await reply(contact.id, 'Czy coś jeszcze?');

    const own = await t.call({
      method: 'GET',
      url: `/api/advertiser/form-contacts/${contact.id}`,
      token: tokens.solo,
    });
    expect(own.status).toBe(200);
    expect(own.body.data.formContact.comments.map((c: { content: string }) => c.content)).toEqual([
      'Faktura jest w zakładce Płatności.\nPozdrawiamy!',
      'Czy coś jeszcze?',
    ]);
    const list = await t.call({ method: 'GET', url: '/api/advertiser/form-contacts', token: tokens.solo });
    expect(list.body.data.formContacts.elements[0]).toMatchObject({ id: contact.id, commentCount: 2 });

    const mails = await replyMails('solo@example.com');
    expect(mails).toHaveLength(2);
    expect(mails[0]).toMatchObject({ locale: 'pl', subject: 'Odpowiedź na Twoje zgłoszenie: Faktura' });
    expect(mails[0]?.html).toContain('Dzień dobry Sol');
    expect(mails[0]?.html).toContain('Faktura jest w zakładce Płatności.\nPozdrawiamy!');
    expect(mails[0]?.html).toContain(`http://panel.test/panel/advertiser/support?contact=${contact.id}`);

    const agencyContact = await sentContact(t, tokens.agency, 'agency', {
      subject: 'Hello',
      message: 'Question.',
    });
    await reply(agencyContact.id, 'Answer.');
    expect((await replyMails('agency@example.com'))[0]?.html).toContain(
      `http://panel.test/panel/agency/support?contact=${agencyContact.id}`,
    );
    // Another organisation never sees them.
    const other = await t.call({
      method: 'GET',
      url: `/api/advertiser/form-contacts/${contact.id}`,
      token: tokens.advertiser,
    });
    expect(other.status).toBe(404);
  });

  it('are listed oldest first for the admin', async () => {
    const contact = await sentContact(t, tokens.agency, 'agency', {
      subject: 'Order',
      message: 'Three replies.',
    });
    for (const content of ['One', 'Two', 'Three']) await reply(contact.id, content);
    const res = await t.call({
      method: 'GET',
      url: `/api/admin/comments?formContactId=${contact.id}&perPage=2&page=2`,
      token: tokens.admin,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.comments.elements.map((c: { content: string }) => c.content)).toEqual(['Three']);
    expect(res.body.data.comments.meta).toMatchObject({ total: 3, lastPage: 2 });
    const none = await t.call({
      method: 'GET',
      url: '/api/admin/comments?formContactId=987654',
      token: tokens.admin,
    });
    expect(none.body.data.comments.meta.total).toBe(0);
  });

  it('refuses an empty reply or an unknown request with field errors, and stores nothing', async () => {
    const before = (await t.database.db.select().from(comments)).length;
    const contact = await sentContact(t, tokens.agency, 'agency', { subject: 'Empty', message: 'Reply?' });
    const empty = await reply(contact.id, '   ');
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors)).toEqual(['content']);
    const unknown = await reply(987654, 'Hello');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ formContactId: [supportMessages.unknownFormContact] });
    const missing = await t.call({
      method: 'POST',
      url: '/api/admin/comments',
      token: tokens.admin,
      payload: {},
    });
    expect(Object.keys(missing.body.errors).sort()).toEqual(['content', 'formContactId']);
    expect((await t.database.db.select().from(comments)).length).toBe(before);
  });
});
