import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { demoAccounts, logExternalApis } from '@rtb/db';
import { activityLogMessages, messages } from '@rtb/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { adminWithRole } from '../configuration/test-helpers';

let site: Server;
let base: string;
let refused: string;
let t: TestApp;
let admin: string;

const API_DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  site = createServer((req, res) => {
    const path = req.url?.split('?')[0];
    if (path === '/ok') res.writeHead(200).end();
    else if (path === '/no-head') res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
    else res.writeHead(404).end();
  });
  base = `http://127.0.0.1:${await listen(site)}`;
  const closed = createServer();
  const port = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  refused = `http://127.0.0.1:${port}`;

  t = await createTestApp({ demo: true, config: { urlVerifyAllowPrivate: true, urlVerifyTimeoutMs: 1_000 } });
  admin = await t.loginAs('admin', demoAccounts.admin.login, demoAccounts.admin.password);
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await t.close();
});

const verify = (url: string) => t.call({ method: 'POST', url: '/api/url/verify', payload: { url } });
const list = async (query = '', token = admin) => {
  const res = await t.call({ method: 'GET', url: `/api/admin/log-external-apis?${query}`, token });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.logExternalApis;
};
const urls = (page: { elements: { method: string; url: string }[] }) =>
  page.elements.map((e) => `${e.method} ${e.url.replace(base, '')}`);

describe('the URL check logs every request it makes', () => {
  beforeAll(async () => {
    expect((await verify(`http://someone:hunter2@${base.slice(7)}/ok?token=abc&page=2`)).status).toBe(200);
    expect((await verify(`${base}/no-head`)).status).toBe(200);
    expect((await verify(`${base}/missing`)).status).toBe(422);
    expect((await verify(`${refused}/ok`)).status).toBe(422);
    await t.deps.externalCalls.settled();
  });

  it('lists them newest first: method, redacted URL, status, duration, error, time', async () => {
    const page = await list();
    expect(page.meta).toEqual({ page: 1, perPage: 25, total: 5, lastPage: 1 });
    const [refusedCall, missing, get, head, ok] = page.elements;
    expect(refusedCall).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(API_DATETIME),
      service: 'url-verify',
      method: 'HEAD',
      url: `${refused}/ok`,
      statusCode: null,
      durationMs: expect.any(Number),
      error: expect.stringContaining('ECONNREFUSED'),
    });
    expect(missing).toMatchObject({ method: 'HEAD', url: `${base}/missing`, statusCode: 404, error: null });
    expect([get, head].map((e) => [e.method, e.statusCode])).toEqual([
      ['GET', 200],
      ['HEAD', 405],
    ]);
    expect(ok).toMatchObject({
      url: `http://redacted:redacted@${base.slice(7)}/ok?token=redacted&page=2`,
      statusCode: 200,
      error: null,
    });
    expect(JSON.stringify(page)).not.toMatch(/hunter2|abc/);
  });

  it('filters by outcome: an error status or no answer is an error', async () => {
    expect(urls(await list('outcome=error'))).toEqual([
      `HEAD ${refused}/ok`,
      'HEAD /missing',
      'HEAD /no-head',
    ]);
    expect(urls(await list('outcome=ok'))).toEqual([
      'GET /no-head',
      expect.stringContaining('/ok?token=redacted'),
    ]);
  });

  it('filters by service, searches the URL and pages', async () => {
    expect((await list('service=url-verify')).meta.total).toBe(5);
    expect(urls(await list('search=NO-HEAD'))).toEqual(['GET /no-head', 'HEAD /no-head']);
    const second = await list('perPage=2&page=2');
    expect(urls(second)).toEqual(['GET /no-head', 'HEAD /no-head']);
    expect(second.meta).toEqual({ page: 2, perPage: 2, total: 5, lastPage: 3 });
  });

  it('filters by UTC days, both included', async () => {
    const at = (iso: string) => new Date(iso);
    const row = { service: 'url-verify', method: 'GET', statusCode: 200, durationMs: 5 };
    await t.database.db.insert(logExternalApis).values([
      { ...row, url: 'https://dated.example/1', createdAt: at('2021-06-01T00:00:00Z') },
      { ...row, url: 'https://dated.example/2', createdAt: at('2021-06-02T23:59:59.999Z') },
      { ...row, url: 'https://dated.example/3', createdAt: at('2021-06-03T00:00:00Z') },
      { ...row, url: 'https://dated.example/0', createdAt: at('2021-05-31T23:59:59Z') },
    ]);
    const dated = async (query: string) =>
      (await list(`search=dated.example&${query}`)).elements.map((e: { url: string }) => e.url.slice(-1));
    expect(await dated('from=2021-06-01&to=2021-06-02')).toEqual(['2', '1']);
    expect(await dated('from=2021-06-02')).toEqual(['3', '2']);
    expect(await dated('to=2021-05-31')).toEqual(['0']);
  });

  it('refuses unknown filters with field errors', async () => {
    const res = await t.call({
      method: 'GET',
      url: '/api/admin/log-external-apis?outcome=maybe&service=mail&from=2021-02-30&perPage=1000',
      token: admin,
    });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['from', 'outcome', 'perPage', 'service']);
    expect(res.body.errors.from).toEqual([activityLogMessages.realDate]);
    const backwards = await t.call({
      method: 'GET',
      url: '/api/admin/log-external-apis?from=2021-06-02&to=2021-06-01',
      token: admin,
    });
    expect(backwards.body.errors).toEqual({ to: [activityLogMessages.endBeforeStart] });
  });
});

describe('who may read the log', () => {
  it('admins who may read activity logs; not agency or advertiser users, nor anonymous callers', async () => {
    const viewer = await adminWithRole(t, 'viewer', 'vera@example.com');
    expect((await t.call({ method: 'GET', url: '/api/admin/log-external-apis', token: viewer })).status).toBe(
      200,
    );
    const agency = await t.loginAs('agency', demoAccounts.agency.login, demoAccounts.agency.password);
    const refusedRead = await t.call({ method: 'GET', url: '/api/admin/log-external-apis', token: agency });
    expect(refusedRead.status).toBe(403);
    expect(refusedRead.body.message).toBe(messages.forbidden);
    expect((await t.call({ method: 'GET', url: '/api/admin/log-external-apis' })).status).toBe(401);
  });
});
