import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '../../../test/harness';
import { demoTokens } from '../../support/support/test-helpers';
import { creativeDocumentPolicy, creativeFilePolicy } from './asset-routes';
import { type BannerBody, html5Zip, image, indexHtml, landingSite, uploaded } from './test-helpers';

let t: TestApp;
let site: Awaited<ReturnType<typeof landingSite>>;
let webDist: string;
let png: Buffer;
let imageBanner: BannerBody;
let html5Banner: BannerBody;
let solo: string;

beforeAll(async () => {
  site = await landingSite();
  // A built web app, so that the SPA fallback is there to (not) swallow /creatives.
  webDist = await mkdtemp(join(tmpdir(), 'rtb-web-dist-'));
  await writeFile(join(webDist, 'index.html'), '<!doctype html><title>panel</title>');
  await mkdir(join(webDist, 'assets'));
  t = await createTestApp({ demo: true, config: { urlVerifyAllowPrivate: true, webDist } });
  const { advertiser, solo: soloToken } = await demoTokens(t);
  solo = soloToken;
  const landingUrl = `${site.base}/ok`;
  png = await image('png', 300, 250);
  imageBanner = await uploaded(t, {
    token: advertiser,
    content: png,
    filename: 'b.jpg',
    fields: { landingUrl },
  });
  html5Banner = await uploaded(t, {
    token: advertiser,
    content: html5Zip({
      'index.html': indexHtml({ body: '<script src="js/ad.js"></script>' }),
      'js/ad.js': 'console.log(1)',
      'data/feed.xyz': 'raw',
      'img/logo.svg': '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
    }),
    fields: { landingUrl },
  });
});
afterAll(async () => {
  await t.close();
  await site.close();
  await rm(webDist, { recursive: true, force: true });
});

const fetchAsset = (url: string, headers: Record<string, string> = {}) =>
  t.call({ method: 'GET', url, headers });
const keyOf = (banner: BannerBody) => banner.previewUrl.split('/')[2] as string;

function expectCreativeHeaders(res: TestResponse, policy: string) {
  expect(res.headers['content-security-policy']).toBe(policy);
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(res.headers.etag).toMatch(/^"[0-9a-f]+-[0-9a-f]+"$/);
  expect(res.headers['x-frame-options']).toBeUndefined();
  expect(res.headers['set-cookie']).toBeUndefined();
}

describe('GET /creatives/:assetKey/*', () => {
  it('has file URLs nobody can work out: 128 random bits a file, given only to their advertiser', async () => {
    const [first, second] = [keyOf(imageBanner), keyOf(html5Banner)];
    expect(first).toMatch(/^[0-9a-f]{32}$/);
    expect(second).toMatch(/^[0-9a-f]{32}$/);
    // Two uploads in a row agree in about 2 of 32 hex digits by chance; a counter or a hash of
    // the id would agree in many more.
    expect([...first].filter((digit, i) => digit === second[i]).length).toBeLessThan(12);
    // Another advertiser's answers never carry them: its list, and the banners by id (404).
    const list = await t.call({ method: 'GET', url: '/api/advertiser/banners', token: solo });
    expect(list.status).toBe(200);
    for (const key of [first, second]) expect(JSON.stringify(list.body)).not.toContain(key);
    for (const banner of [imageBanner, html5Banner]) {
      const res = await t.call({ method: 'GET', url: `/api/advertiser/banners/${banner.id}`, token: solo });
      expect(res.status).toBe(404);
      expect(JSON.stringify(res.body)).not.toContain(keyOf(banner));
    }
  });

  it('serves an image with the type its bytes were recognised as, and a policy that runs nothing', async () => {
    const res = await t.app.inject({ method: 'GET', url: imageBanner.previewUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.rawPayload).toEqual(png);
    expect(res.headers['content-length']).toBe(String(png.length));
    expectCreativeHeaders({ status: res.statusCode, body: null, headers: res.headers }, creativeFilePolicy);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    // Nothing else lives under an image's key.
    expect((await fetchAsset(`/creatives/${keyOf(imageBanner)}/index.html`)).status).toBe(404);
  });

  it('serves an HTML5 banner sandboxed: an opaque origin, its own files only, embeddable anywhere', async () => {
    const res = await fetchAsset(html5Banner.previewUrl);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(res.body)).toContain('clickTag');
    expectCreativeHeaders(res, creativeDocumentPolicy);
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain('sandbox allow-scripts allow-popups allow-popups-to-escape-sandbox;');
    expect(policy).not.toContain('allow-same-origin');
    expect(policy).toContain("connect-src 'none'");
    expect(policy).toContain('frame-ancestors *');
  });

  it('gives each HTML5 file its type from a short list, anything else a download', async () => {
    const key = keyOf(html5Banner);
    const cases: [string, string, string][] = [
      ['style.css', 'text/css; charset=utf-8', creativeFilePolicy],
      ['js/ad.js', 'text/javascript; charset=utf-8', creativeFilePolicy],
      ['img/logo.png', 'image/png', creativeFilePolicy],
      ['img/logo.svg', 'image/svg+xml', creativeDocumentPolicy],
      ['data/feed.xyz', 'application/octet-stream', creativeFilePolicy],
    ];
    for (const [path, type, policy] of cases) {
      const res = await fetchAsset(`/creatives/${key}/${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type'], path).toBe(type);
      expectCreativeHeaders(res, policy);
    }
  });

  it('answers a matching If-None-Match with 304', async () => {
    const first = await fetchAsset(html5Banner.previewUrl);
    const again = await fetchAsset(html5Banner.previewUrl, { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body).toBe('');
  });

  it('is 404 (never the panel) for an unknown key, a malformed one, a missing file or a folder', async () => {
    const key = keyOf(html5Banner);
    for (const url of [
      '/creatives/0123456789abcdef0123456789abcdef/index.html',
      '/creatives/not-a-key/index.html',
      `/creatives/${key.toUpperCase()}/index.html`,
      `/creatives/${key}/nothing.html`,
      `/creatives/${key}/img`,
      `/creatives/${key}/`,
      '/creatives/',
      '/creatives',
    ]) {
      const res = await fetchAsset(url);
      expect(res.status, url).toBe(404);
      expect(String(JSON.stringify(res.body)), url).not.toContain('panel');
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    // The SPA fallback still answers the panel's own paths.
    expect(String((await fetchAsset('/panel/advertiser/banners')).body)).toContain('panel');
  });

  it('never leaves the key’s folder, however the path is written (raw paths, over HTTP)', async () => {
    const secret = join(t.deps.config.dataDir, 'secret.txt');
    await writeFile(secret, 'top secret');
    const key = keyOf(html5Banner);
    const other = keyOf(imageBanner);
    // Sent as written (no client normalises the dots away), as an attacker's raw request is.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const { hostname, port } = new URL(address);
        const req = request({ hostname, port, path, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    const served = await raw(`/creatives/${key}/style.css`);
    expect(served.status).toBe(200);
    for (const path of [
      '../../secret.txt',
      '../../../../../../etc/passwd',
      '%2e%2e/%2e%2e/secret.txt',
      '%2e%2e%2f%2e%2e%2fsecret.txt',
      '..%2f..%2fsecret.txt',
      '..%5c..%5csecret.txt',
      '....//....//secret.txt',
      `../${other}/banner.png`,
      '%2fetc%2fpasswd',
      '/etc/passwd',
      'img/..%2f..%2f..%2fsecret.txt',
      'img/../../../secret.txt',
      'index.html%00.png',
    ]) {
      const res = await raw(`/creatives/${key}/${path}`);
      expect([404, 422], path).toContain(res.status);
      expect(res.body, path).not.toContain('top secret');
      expect(res.body, path).not.toContain('root:');
    }
    expect(await readFile(secret, 'utf8')).toBe('top secret');
  });
});
