import { activityLogs } from '@rtb/db';
import { messages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { activate, invite, kindContext, kinds } from '../../identity/users/test-helpers';
import { adminWithRole } from '../../platform/configuration/test-helpers';
import { demoTokens, png, sendContact, sentContact } from './test-helpers';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let contactId: number;
let fileId: number;
let faqId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  tokens = await demoTokens(t);
  const contact = await sentContact(
    t,
    tokens.advertiser,
    'advertiser',
    { subject: 'Seen by', message: 'Whom?' },
    [{ name: 'shot.png', content: png }],
  );
  contactId = contact.id;
  fileId = contact.attachment?.id as number;
  const faqs = await t.call({ method: 'GET', url: '/api/admin/faqs', token: tokens.admin });
  faqId = faqs.body.data.faqs.elements[0].id;
});
afterAll(() => t.close());

const faq = { locale: 'en', question: 'Q?', answer: 'A.', position: 1, enabled: true };
const adminRoutes = () => ({
  reads: [
    { method: 'GET', url: '/api/admin/faqs' },
    { method: 'GET', url: `/api/admin/faqs/${faqId}` },
    { method: 'GET', url: '/api/admin/form-contacts' },
    { method: 'GET', url: `/api/admin/form-contacts/${contactId}` },
    { method: 'GET', url: `/api/admin/comments?formContactId=${contactId}` },
    { method: 'GET', url: `/api/admin/file-uploads/${fileId}/download` },
  ],
  writes: [
    { method: 'POST', url: '/api/admin/faqs', payload: faq },
    { method: 'PUT', url: `/api/admin/faqs/${faqId}`, payload: faq },
    { method: 'DELETE', url: `/api/admin/faqs/${faqId}` },
    { method: 'PUT', url: `/api/admin/form-contacts/${contactId}`, payload: { status: 'resolved' } },
    { method: 'POST', url: '/api/admin/comments', payload: { formContactId: contactId, content: 'Hi' } },
  ],
});
const ownRoutes = (panel: 'agency' | 'advertiser') => ({
  reads: [
    { method: 'GET', url: `/api/${panel}/faqs` },
    { method: 'GET', url: `/api/${panel}/form-contacts` },
  ],
  writes: [{ method: 'POST', url: `/api/${panel}/form-contacts`, payload: { subject: 'S', message: 'M' } }],
});

describe('support permissions', () => {
  it('a read-only admin reads everything but changes nothing', async () => {
    const viewer = await adminWithRole(t, 'viewer', 'support-viewer@example.com');
    const before = (await t.database.db.select().from(activityLogs)).length;
    const { reads, writes } = adminRoutes();
    for (const route of reads)
      expect((await t.call({ ...route, token: viewer } as never)).status, route.url).toBe(200);
    for (const route of writes) {
      const res = await t.call({ ...route, token: viewer } as never);
      expect(res.status, `${route.method} ${route.url}`).toBe(403);
      expect(res.body).toEqual({ message: messages.forbidden, code: 403, error: 'common.forbidden' });
    }
    expect((await t.database.db.select().from(activityLogs)).length).toBe(before);
  });

  it('the admin routes refuse agency and advertiser users (403) and strangers (401)', async () => {
    const { reads, writes } = adminRoutes();
    for (const route of [...reads, ...writes]) {
      for (const token of [tokens.agency, tokens.advertiser])
        expect((await t.call({ ...route, token } as never)).status, `${route.method} ${route.url}`).toBe(403);
      expect((await t.call(route as never)).status).toBe(401);
    }
  });

  it('the panels’ routes refuse admins and the other panel', async () => {
    for (const [panel, other] of [
      ['agency', tokens.advertiser],
      ['advertiser', tokens.agency],
    ] as const) {
      const { reads, writes } = ownRoutes(panel);
      for (const route of [...reads, ...writes]) {
        expect((await t.call({ ...route, token: tokens.admin } as never)).status, route.url).toBe(403);
        expect((await t.call({ ...route, token: other } as never)).status, route.url).toBe(403);
      }
      const download = `/api/${panel}/file-uploads/${fileId}/download`;
      expect((await t.call({ method: 'GET', url: download, token: tokens.admin })).status).toBe(403);
    }
  });

  it.each(kinds)('a read-only $kind user reads the FAQs and contacts but cannot send one', async (k) => {
    const { organisationId, roleIds } = await kindContext(t, tokens.admin, k);
    const email = `support-viewer-${k.kind}@example.com`;
    await invite(t, tokens.admin, k, organisationId, { email, roleId: roleIds.viewer });
    const viewer = await activate(t, k.kind, email);
    const { reads } = ownRoutes(k.kind);
    for (const route of reads)
      expect((await t.call({ ...route, token: viewer } as never)).status, route.url).toBe(200);
    const sent = await sendContact(t, viewer, k.kind, { subject: 'S', message: 'M' });
    expect(sent.status).toBe(403);
    // Even a multipart upload is refused before its file is read.
    const upload = await sendContact(t, viewer, k.kind, { subject: 'S', message: 'M' }, [
      { name: 'a.png', content: png },
    ]);
    expect(upload.status).toBe(403);
  });
});

describe('flooding', () => {
  it('a user may send 20 requests an hour; the next one gets 429 and is not stored', async () => {
    const k = kinds[1];
    const { organisationId, roleIds } = await kindContext(t, tokens.admin, k);
    const email = 'busy-sender@example.com';
    await invite(t, tokens.admin, k, organisationId, { email, roleId: roleIds.admin });
    const busy = await activate(t, k.kind, email);
    for (let i = 0; i < 20; i++)
      await sentContact(t, busy, 'advertiser', { subject: `Request ${i}`, message: 'Hello.' });
    const refused = await sendContact(t, busy, 'advertiser', { subject: 'One more', message: 'Hello.' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(messages.tooManyRequests(60));
    const own = await t.call({
      method: 'GET',
      url: '/api/advertiser/form-contacts?search=One%20more',
      token: busy,
    });
    expect(own.body.data.formContacts.meta.total).toBe(0);
  });
});
