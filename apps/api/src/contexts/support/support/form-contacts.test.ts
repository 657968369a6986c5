import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  activityLogs,
  advertisers,
  agencies,
  configValues,
  emailTemplates,
  fileUploads,
  formContacts,
} from '@rtb/db';
import { configKeys, fileUploadMessages, UPLOAD_MAX_BYTES } from '@rtb/shared';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { demoTokens, png, sendContact, sentContact } from './test-helpers';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let demoShopId: number;
let soloId: number;
let agencyId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  tokens = await demoTokens(t);
  const db = t.database.db;
  demoShopId = (await db.select().from(advertisers).where(eq(advertisers.name, 'Demo Shop')))[0]
    ?.id as number;
  soloId = (await db.select().from(advertisers).where(eq(advertisers.name, 'Solo Store')))[0]?.id as number;
  agencyId = (await db.select().from(agencies).where(eq(agencies.name, 'Demo Agency')))[0]?.id as number;
});
afterAll(() => t.close());

const logsOf = (entityType: string, entityId: number) =>
  t.database.db
    .select()
    .from(activityLogs)
    .where(and(eq(activityLogs.entityType, entityType), eq(activityLogs.entityId, String(entityId))))
    .orderBy(asc(activityLogs.id));
const supportMails = async () => (await t.outbox()).filter((m) => m.templateKey === 'support-contact');
/** The files in the file store (DATA_DIR/uploads). */
const storedFiles = async () => {
  const root = join(t.deps.config.dataDir, 'uploads');
  return (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) =>
    e.isFile(),
  ).length;
};
const counts = async () => ({
  contacts: (await t.database.db.select().from(formContacts)).length,
  files: (await t.database.db.select({ id: fileUploads.id }).from(fileUploads)).length,
  stored: await storedFiles(),
  mails: (await supportMails()).length,
});
const download = (panel: string, id: number, token: string) =>
  t.call({ method: 'GET', url: `/api/${panel}/file-uploads/${id}/download`, token });

describe('an advertiser sends the contact form', () => {
  it('stores it for its own organisation, logs it, and mails it to the support address', async () => {
    const res = await sendContact(t, tokens.advertiser, 'advertiser', {
      subject: '  Campaign   stopped\nyesterday ',
      message: 'Our campaign stopped serving.\nCould you check it?',
      // Whatever the body says, the organisation comes from the token.
      advertiserId: String(soloId),
      agencyId: '999',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const contact = res.body.data.formContact;
    expect(contact).toMatchObject({
      subject: 'Campaign stopped yesterday',
      message: 'Our campaign stopped serving.\nCould you check it?',
      status: 'new',
      organisation: { kind: 'advertiser', id: demoShopId, name: 'Demo Shop' },
      submitter: { name: 'Dorota Sklepowa', email: 'advertiser@example.com' },
      attachment: null,
      commentCount: 0,
      lastCommentAt: null,
      comments: [],
    });

    const [row] = await t.database.db.select().from(formContacts).where(eq(formContacts.id, contact.id));
    expect(row).toMatchObject({ advertiserId: demoShopId, agencyId: null });

    const [log] = await logsOf('form_contact', contact.id);
    expect(log).toMatchObject({ event: 'created', advertiserId: demoShopId, agencyId });
    expect(log?.changes.after).toMatchObject({ subject: 'Campaign stopped yesterday', status: 'new' });

    const mail = (await supportMails()).at(-1);
    expect(mail).toMatchObject({
      toAddress: 'support@example.com',
      locale: 'en',
      subject: `Support request #${contact.id}: Campaign stopped yesterday`,
    });
    expect(mail?.html).toContain('Dorota Sklepowa (advertiser@example.com) of Demo Shop');
    expect(mail?.html).toContain('Our campaign stopped serving.\nCould you check it?');
    expect(mail?.html).toContain(`http://panel.test/panel/admin/support?contact=${contact.id}`);
  });

  it('goes to the support address the admin configured, and escapes what the user wrote', async () => {
    await t.database.db
      .update(configValues)
      .set({ value: 'help@panel.test' })
      .where(eq(configValues.key, configKeys.supportEmail));
    t.deps.settings.forget(configKeys.supportEmail);
    const contact = await sentContact(t, tokens.solo, 'advertiser', {
      subject: 'Invoice <b>question</b>',
      message: '<script>alert(1)</script>',
    });
    const mail = (await supportMails()).at(-1);
    expect(mail?.toAddress).toBe('help@panel.test');
    expect(mail?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail?.html).not.toContain('<script>');
    const [log] = await logsOf('form_contact', contact.id);
    expect(log).toMatchObject({ advertiserId: soloId, agencyId: null });
  });

  it('refuses an empty or too long subject and message with field errors, and stores nothing', async () => {
    const before = await counts();
    const empty = await sendContact(t, tokens.advertiser, 'advertiser', { subject: '   ', message: '' });
    expect(empty.status).toBe(422);
    expect(Object.keys(empty.body.errors).sort()).toEqual(['message', 'subject']);
    const long = await sendContact(t, tokens.advertiser, 'advertiser', {
      subject: 'x'.repeat(201),
      message: 'y'.repeat(5001),
    });
    expect(long.status).toBe(422);
    expect(Object.keys(long.body.errors).sort()).toEqual(['message', 'subject']);
    const multipartEmpty = await sendContact(t, tokens.advertiser, 'advertiser', { subject: 'Hi' }, []);
    expect(multipartEmpty.status).toBe(422);
    expect(Object.keys(multipartEmpty.body.errors)).toEqual(['message']);
    expect(await counts()).toEqual(before);
  });
});

describe('attachments', () => {
  it('keeps an image with the contact; the organisation and admins download it, nobody else', async () => {
    const contact = await sentContact(
      t,
      tokens.advertiser,
      'advertiser',
      { subject: 'Banner looks wrong', message: 'See the screenshot.' },
      [{ name: 'C:\\Users\\dorota\\zrzut ekranu.png', content: png, type: 'text/html' }],
    );
    // The type comes from the extension and the content, never from what the browser claimed.
    expect(contact.attachment).toMatchObject({
      name: 'zrzut ekranu.png',
      type: 'image',
      mimeType: 'image/png',
      size: png.length,
    });
    const fileId = contact.attachment?.id as number;
    expect((await logsOf('file_upload', fileId))[0]).toMatchObject({
      event: 'created',
      advertiserId: demoShopId,
      agencyId,
    });
    expect((await supportMails()).at(-1)?.html).toContain('zrzut ekranu.png');

    const own = await download('advertiser', fileId, tokens.advertiser);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('image/png');
    expect(own.headers['content-disposition']).toBe(
      `attachment; filename="zrzut ekranu.png"; filename*=UTF-8''zrzut%20ekranu.png`,
    );
    expect(own.headers['x-content-type-options']).toBe('nosniff');
    const raw = await t.app.inject({
      method: 'GET',
      url: `/api/admin/file-uploads/${fileId}/download`,
      headers: { authorization: `Bearer ${tokens.admin}` },
    });
    expect(raw.statusCode).toBe(200);
    expect(raw.rawPayload.equals(png)).toBe(true);

    // The token is taken from the header only: one in the query string is no token at all.
    const inUrl = await t.call({
      method: 'GET',
      url: `/api/advertiser/file-uploads/${fileId}/download?authorization=${tokens.advertiser}`,
    });
    expect(inUrl.status).toBe(401);

    expect((await download('advertiser', fileId, tokens.solo)).status).toBe(404);
    expect((await download('agency', fileId, tokens.agency)).status).toBe(404);
    expect((await download('admin', fileId, tokens.advertiser)).status).toBe(403);
    expect((await download('advertiser', fileId, '')).status).toBe(401);
    expect((await download('advertiser', 987654, tokens.advertiser)).status).toBe(404);
  });

  it('takes every type of the spec (image, video, document, misc)', async () => {
    const samples = [
      {
        name: 'clip.mp4',
        content: Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42')]),
        type: 'video',
        mimeType: 'video/mp4',
      },
      { name: 'invoice.pdf', content: '%PDF-1.7\n%âãÏÓ\n', type: 'document', mimeType: 'application/pdf' },
      { name: 'report.csv', content: 'date;clicks\n2024-05-01;12\n', type: 'document', mimeType: 'text/csv' },
      {
        name: 'logs.zip',
        content: Buffer.from('PK\x03\x04rest-of-archive', 'latin1'),
        type: 'misc',
        mimeType: 'application/zip',
      },
    ];
    for (const sample of samples) {
      const contact = await sentContact(
        t,
        tokens.agency,
        'agency',
        { subject: sample.name, message: 'Attached.' },
        [{ name: sample.name, content: sample.content }],
      );
      expect(contact.attachment, sample.name).toMatchObject({ type: sample.type, mimeType: sample.mimeType });
    }
  });

  it('refuses too large, empty, unsupported, disguised and extra files with an attachment error, storing nothing', async () => {
    const before = await counts();
    const fields = { subject: 'Files', message: 'Attached.' };
    const cases = [
      {
        files: [{ name: 'huge.png', content: Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES)]) }],
        error: fileUploadMessages.tooLarge,
      },
      { files: [{ name: 'empty.txt', content: '' }], error: fileUploadMessages.empty },
      { files: [{ name: 'page.html', content: '<html></html>' }], error: fileUploadMessages.unsupportedType },
      { files: [{ name: 'logo.svg', content: '<svg/>' }], error: fileUploadMessages.unsupportedType },
      { files: [{ name: 'no-extension', content: 'text' }], error: fileUploadMessages.unsupportedType },
      {
        files: [{ name: 'setup.png', content: Buffer.from('MZ\x90\x00 not an image', 'latin1') }],
        error: fileUploadMessages.contentMismatch,
      },
      {
        files: [{ name: 'notes.txt', content: Buffer.from([0x41, 0x00, 0x42]) }],
        error: fileUploadMessages.contentMismatch,
      },
      {
        files: [
          { name: 'one.png', content: png },
          { name: 'two.png', content: png },
        ],
        error: fileUploadMessages.oneFile,
      },
      { files: [{ field: 'document', name: 'one.png', content: png }], error: fileUploadMessages.oneFile },
    ];
    for (const { files, error } of cases) {
      const res = await sendContact(t, tokens.advertiser, 'advertiser', fields, files);
      expect(res.status, files[0]?.name).toBe(422);
      expect(res.body.errors, files[0]?.name).toEqual({ attachment: [error] });
    }
    // A file as JSON is no file.
    const json = await t.call({
      method: 'POST',
      url: '/api/advertiser/form-contacts',
      token: tokens.advertiser,
      payload: { ...fields, attachment: 'iVBORw0KGgo=' },
    });
    expect(json.status).toBe(422);
    expect(Object.keys(json.body.errors)).toEqual(['attachment']);
    expect(await counts()).toEqual(before);
  });

  it('a request that fails after the file was written leaves neither the file nor a contact', async () => {
    const templates = await t.database.db
      .delete(emailTemplates)
      .where(eq(emailTemplates.key, 'support-contact'))
      .returning();
    try {
      const before = await counts();
      const res = await sendContact(
        t,
        tokens.advertiser,
        'advertiser',
        { subject: 'Lost', message: 'No mail.' },
        [{ name: 'shot.png', content: png }],
      );
      expect(res.status).toBe(500);
      expect(await counts()).toEqual(before);
    } finally {
      await t.database.db
        .insert(emailTemplates)
        .values(templates.map(({ id: _id, ...template }) => template));
    }
  });

  it('an upload exactly at the limit is accepted', async () => {
    const content = Buffer.concat([png, Buffer.alloc(UPLOAD_MAX_BYTES - png.length)]);
    const contact = await sentContact(
      t,
      tokens.solo,
      'advertiser',
      { subject: 'Big', message: 'At the limit.' },
      [{ name: 'big.png', content }],
    );
    expect(contact.attachment).toMatchObject({ size: UPLOAD_MAX_BYTES });
    const [row] = await t.database.db
      .select()
      .from(fileUploads)
      .where(eq(fileUploads.id, contact.attachment?.id as number));
    const stored = await readFile(join(t.deps.config.dataDir, 'uploads', row?.storageKey as string));
    expect(stored.equals(content)).toBe(true);
  });
});

describe('each organisation sees only its own contacts', () => {
  it('lists and reads its own; another organisation gets 404, a forged header 403', async () => {
    const shop = await sentContact(t, tokens.advertiser, 'advertiser', {
      subject: 'Shop only',
      message: 'Mine.',
    });
    const agencyContact = await sentContact(
      t,
      tokens.agency,
      'agency',
      { subject: 'Agency only', message: 'Ours.' },
      undefined,
    );
    const list = async (panel: string, token: string, query = '') => {
      const res = await t.call({ method: 'GET', url: `/api/${panel}/form-contacts${query}`, token });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.formContacts.elements as { id: number; organisation: { name: string } }[];
    };
    const shopList = await list('advertiser', tokens.advertiser);
    expect(new Set(shopList.map((c) => c.organisation.name))).toEqual(new Set(['Demo Shop']));
    expect(shopList[0]?.id).toBe(shop.id);
    expect(new Set((await list('advertiser', tokens.solo)).map((c) => c.organisation.name))).toEqual(
      new Set(['Solo Store']),
    );
    const agencyList = await list('agency', tokens.agency);
    expect(new Set(agencyList.map((c) => c.organisation.name))).toEqual(new Set(['Demo Agency']));
    expect(agencyList.map((c) => c.id)).toContain(agencyContact.id);

    const read = (panel: string, id: number, token: string, headers = {}) =>
      t.call({ method: 'GET', url: `/api/${panel}/form-contacts/${id}`, token, headers });
    expect((await read('advertiser', shop.id, tokens.advertiser)).status).toBe(200);
    expect((await read('advertiser', shop.id, tokens.solo)).status).toBe(404);
    expect((await read('agency', shop.id, tokens.agency)).status).toBe(404);
    expect((await read('advertiser', agencyContact.id, tokens.advertiser)).status).toBe(404);
    expect(
      (await read('advertiser', shop.id, tokens.solo, { 'advertiser-id': String(demoShopId) })).status,
    ).toBe(403);

    // An agency user acting on its advertiser (header) still writes to its agency's support.
    const viaHeader = await sendContact(
      t,
      tokens.agency,
      'agency',
      { subject: 'Via header', message: 'About Demo Shop.' },
      undefined,
      { 'advertiser-id': String(demoShopId) },
    );
    expect(viaHeader.status).toBe(201);
    expect(viaHeader.body.data.formContact.organisation).toEqual({
      kind: 'agency',
      id: agencyId,
      name: 'Demo Agency',
    });
    expect((await list('advertiser', tokens.advertiser)).map((c) => c.id)).not.toContain(
      viaHeader.body.data.formContact.id,
    );
  });

  it('searches and filters its own list by status', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/advertiser/form-contacts?search=screenshot&status=new',
      token: tokens.advertiser,
    });
    expect(res.status).toBe(200);
    expect(res.body.data.formContacts.elements.map((c: { subject: string }) => c.subject)).toEqual([
      'Banner looks wrong',
    ]);
    const bad = await t.call({
      method: 'GET',
      url: '/api/advertiser/form-contacts?status=closed',
      token: tokens.advertiser,
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
  });
});

describe('admin support requests', () => {
  it('lists everyone’s, newest first, filtered by status, organisation and search', async () => {
    const list = async (query = '') => {
      const res = await t.call({
        method: 'GET',
        url: `/api/admin/form-contacts${query}`,
        token: tokens.admin,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.data.formContacts as {
        elements: { id: number; createdAt: string; organisation: { kind: string; id: number } }[];
        meta: { total: number };
      };
    };
    const all = await list();
    const total = (await t.database.db.select().from(formContacts)).length;
    expect(all.meta.total).toBe(total);
    const ids = all.elements.map((c) => c.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(
      (await list('?organisationKind=agency')).elements.every((c) => c.organisation.kind === 'agency'),
    ).toBe(true);
    const solo = await list(`?advertiserId=${soloId}`);
    expect(solo.elements.length).toBeGreaterThan(0);
    expect(solo.elements.every((c) => c.organisation.id === soloId)).toBe(true);
    expect(
      (await list(`?agencyId=${agencyId}`)).elements.every((c) => c.organisation.kind === 'agency'),
    ).toBe(true);
    expect((await list('?search=Sklepowa')).elements.length).toBeGreaterThan(0);
    expect((await list('?search=Solo%20Store')).elements.every((c) => c.organisation.id === soloId)).toBe(
      true,
    );
    expect((await list('?status=resolved')).meta.total).toBe(0);
    expect((await list('?perPage=2&page=2')).elements).toHaveLength(2);
  });

  it('changes the status, logs it with the organisation, and the organisation sees it', async () => {
    const contact = await sentContact(t, tokens.advertiser, 'advertiser', {
      subject: 'Status',
      message: 'Check.',
    });
    const url = `/api/admin/form-contacts/${contact.id}`;
    const res = await t.call({ method: 'PUT', url, token: tokens.admin, payload: { status: 'resolved' } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.formContact.status).toBe('resolved');
    const logs = await logsOf('form_contact', contact.id);
    expect(logs.at(-1)).toMatchObject({
      event: 'updated',
      advertiserId: demoShopId,
      agencyId,
      changes: { before: { status: 'new' }, after: { status: 'resolved' } },
    });
    // The same status again changes nothing and logs nothing.
    await t.call({ method: 'PUT', url, token: tokens.admin, payload: { status: 'resolved' } });
    expect(await logsOf('form_contact', contact.id)).toHaveLength(logs.length);

    const own = await t.call({
      method: 'GET',
      url: `/api/advertiser/form-contacts/${contact.id}`,
      token: tokens.advertiser,
    });
    expect(own.body.data.formContact.status).toBe('resolved');

    const bad = await t.call({ method: 'PUT', url, token: tokens.admin, payload: { status: 'closed' } });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)).toEqual(['status']);
    const missing = await t.call({
      method: 'PUT',
      url: '/api/admin/form-contacts/987654',
      token: tokens.admin,
      payload: { status: 'resolved' },
    });
    expect(missing.status).toBe(404);
    expect(
      (await t.call({ method: 'GET', url: '/api/admin/form-contacts/987654', token: tokens.admin })).status,
    ).toBe(404);
  });
});
