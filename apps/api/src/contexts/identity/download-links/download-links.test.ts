import { authTokens, demoAccounts } from '@rtb/db';
import { DOWNLOAD_LINK_LIFETIME_SECONDS, downloadLinkMessages, messages } from '@rtb/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { moneyFixture } from '../../money/payments/test-helpers';
import { demoTokens, png, sentContact } from '../../support/support/test-helpers';
import { hashToken } from '../auth/tokens';

let t: TestApp;
let tokens: Awaited<ReturnType<typeof demoTokens>>;
let fileId: number;
let otherFileId: number;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  tokens = await demoTokens(t);
  const attach = (name: string) => [{ name, content: png, type: 'image/png' }];
  const fields = { subject: 'Banner looks wrong', message: 'See the screenshot.' };
  fileId = (await sentContact(t, tokens.advertiser, 'advertiser', fields, attach('shot.png'))).attachment
    ?.id as number;
  otherFileId = (await sentContact(t, tokens.advertiser, 'advertiser', fields, attach('other.png')))
    .attachment?.id as number;
});
afterAll(() => t.close());

const fileOf = (panel: string, id: number) => `/api/${panel}/file-uploads/${id}/download`;
const askLink = (panel: string, path: string, token: string) =>
  t.call({ method: 'POST', url: `/api/${panel}/download-links`, token, payload: { path } });
/** A link that must be given; its URL. */
const linkTo = async (panel: string, path: string, token: string): Promise<string> => {
  const res = await askLink(panel, path, token);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.url;
};
const open = (url: string) => t.call({ method: 'GET', url });
const tokenOf = (url: string) =>
  new URL(url, 'http://panel.test').searchParams.get('authorization') as string;

describe('download links', () => {
  it('open their download once, within their minute, as the user who asked', async () => {
    const before = Date.now();
    const url = await linkTo('advertiser', fileOf('advertiser', fileId), tokens.advertiser);
    expect(url).toMatch(new RegExp(`^${fileOf('advertiser', fileId)}\\?authorization=[\\w-]{43}$`));
    const [row] = await t.database.db
      .select()
      .from(authTokens)
      .where(eq(authTokens.tokenHash, hashToken(tokenOf(url))));
    expect(row).toMatchObject({ purpose: 'download', path: fileOf('advertiser', fileId), revokedAt: null });
    const lifetime = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetime).toBeGreaterThan((DOWNLOAD_LINK_LIFETIME_SECONDS - 5) * 1000);
    expect(lifetime).toBeLessThanOrEqual((DOWNLOAD_LINK_LIFETIME_SECONDS + 5) * 1000);

    const first = await open(url);
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('image/png');
    expect(first.headers['content-disposition']).toContain('attachment; filename="shot.png"');
    // Used up: a copy from the history or a log opens nothing.
    expect((await open(url)).status).toBe(401);
  });

  it('keep the query string of the path they were made for', async () => {
    const f = await moneyFixture(t);
    const made = await f.send('POST', '/api/advertiser/log-top-up-requests', f.shop, { amount: 100_000 });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const proforma = `/api/advertiser/log-top-up-requests/${made.body.data.logTopUpRequest.id}/proforma`;
    const url = await linkTo('advertiser', `${proforma}?download=1`, f.shop);
    expect(url.startsWith(`${proforma}?download=1&authorization=`)).toBe(true);
    // The same token without `download=1` is another path.
    expect((await open(`${proforma}?authorization=${tokenOf(url)}`)).status).toBe(401);
    const res = await open(url);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toMatch(/^attachment; /);
  });

  it('are refused once expired, on another path or route, in the header, and with the session token', async () => {
    const expired = await linkTo('advertiser', fileOf('advertiser', fileId), tokens.advertiser);
    await t.database.db
      .update(authTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(authTokens.tokenHash, hashToken(tokenOf(expired))));
    expect((await open(expired)).status).toBe(401);

    const url = await linkTo('advertiser', fileOf('advertiser', fileId), tokens.advertiser);
    const token = tokenOf(url);
    // Another file, another route that is no download, the same path with the token in the header.
    expect((await open(`${fileOf('advertiser', otherFileId)}?authorization=${token}`)).status).toBe(401);
    expect((await open(`/api/advertiser/me?authorization=${token}`)).status).toBe(401);
    expect((await open(`/api/advertiser/form-contacts?authorization=${token}`)).status).toBe(401);
    expect((await t.call({ method: 'GET', url: fileOf('advertiser', fileId), token })).status).toBe(401);
    expect((await t.call({ method: 'GET', url: '/api/advertiser/me', token })).status).toBe(401);
    // A HEAD is no download either, and none of these used the link up.
    expect((await t.call({ method: 'HEAD', url })).status).toBe(401);
    // A session token in the query string is no token, on a download route too.
    expect((await open(`${fileOf('advertiser', fileId)}?authorization=${tokens.advertiser}`)).status).toBe(
      401,
    );
    expect((await open(`/api/advertiser/me?authorization=${tokens.advertiser}`)).status).toBe(401);
    expect((await open(url)).status).toBe(200);
  });

  it("are given only for a download the caller may read: another organisation's file is not found", async () => {
    const stored = async () =>
      (await t.database.db.select().from(authTokens).where(eq(authTokens.purpose, 'download'))).length;
    const before = await stored();
    expect((await askLink('advertiser', fileOf('advertiser', fileId), tokens.solo)).status).toBe(404);
    expect((await askLink('agency', fileOf('agency', fileId), tokens.agency)).status).toBe(404);
    expect((await askLink('advertiser', fileOf('admin', fileId), tokens.advertiser)).status).toBe(403);
    expect((await askLink('admin', fileOf('advertiser', fileId), tokens.admin)).status).toBe(403);
    expect((await askLink('advertiser', fileOf('advertiser', 987_654), tokens.advertiser)).status).toBe(404);
    expect((await askLink('advertiser', fileOf('advertiser', fileId), '')).status).toBe(401);
    expect(await stored()).toBe(before);
    // The admin reads every organisation's files.
    expect((await open(await linkTo('admin', fileOf('admin', fileId), tokens.admin))).status).toBe(200);
  });

  it('are refused for anything that is not a download, with a field error', async () => {
    const notADownload = {
      message: messages.validation,
      errors: { path: [downloadLinkMessages.notADownload] },
    };
    for (const path of [
      '/api/advertiser/me',
      '/api/advertiser/form-contacts',
      '/api/advertiser/file-uploads/abc/download',
      `//evil.example${fileOf('advertiser', fileId)}`,
      `http://evil.example${fileOf('advertiser', fileId)}`,
      'file-uploads/1/download',
    ]) {
      const res = await askLink('advertiser', path, tokens.advertiser);
      expect(res.status, path).toBe(422);
      expect(res.body, path).toMatchObject(notADownload);
    }
    expect((await askLink('advertiser', '', tokens.advertiser)).body.errors).toHaveProperty('path');
  });

  it('die with the session they were made from', async () => {
    const token = await t.loginAs(
      'advertiser',
      demoAccounts.advertiser.login,
      demoAccounts.advertiser.password,
    );
    const url = await linkTo('advertiser', fileOf('advertiser', fileId), token);
    expect((await t.call({ method: 'DELETE', url: '/api/advertiser/auth/token', token })).status).toBe(200);
    expect((await open(url)).status).toBe(401);
  });
});
