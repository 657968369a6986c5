import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestResponse } from '../test/harness';
import { PERMISSIONS_POLICY } from './security-headers';

/** A built web app of three files: the page, a script, and the script's source map. */
async function fakeWebDist(): Promise<string> {
  const root = await mkdtemp(join(tmpdir(), 'rtb-web-dist-'));
  await mkdir(join(root, 'assets'));
  await writeFile(
    join(root, 'index.html'),
    '<!doctype html><script type="module" src="/assets/app.js"></script>',
  );
  await writeFile(join(root, 'assets', 'app.js'), 'console.log(1);\n//# sourceMappingURL=app.js.map');
  await writeFile(join(root, 'assets', 'app.js.map'), '{"version":3,"sources":["secret.ts"]}');
  return root;
}

const csp = (res: TestResponse) => String(res.headers['content-security-policy'] ?? '');
const directive = (res: TestResponse, name: string) =>
  csp(res)
    .split(';')
    .map((d) => d.trim())
    .find((d) => d === name || d.startsWith(`${name} `));

function expectCommonHeaders(res: TestResponse) {
  expect(res.headers['x-content-type-options']).toBe('nosniff');
  expect(res.headers['referrer-policy']).toBe('no-referrer');
  expect(res.headers['x-frame-options']).toBe('DENY');
  expect(res.headers['permissions-policy']).toBe(PERMISSIONS_POLICY);
  expect(directive(res, 'frame-ancestors')).toBe("frame-ancestors 'none'");
}

let webDist: string;
let t: TestApp;
let https: TestApp;
beforeAll(async () => {
  webDist = await fakeWebDist();
  t = await createTestApp({ config: { webDist } });
  https = await createTestApp({ config: { publicUrl: 'https://panel.example.com' } });
});
afterAll(async () => {
  await Promise.all([t.close(), https.close()]);
  await rm(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('are on API answers, successes and errors alike', async () => {
    for (const res of [
      await t.call({ method: 'GET', url: '/api/locales' }),
      await t.call({ method: 'GET', url: '/api/admin/me' }),
      await t.call({ method: 'GET', url: '/api/nope' }),
    ]) {
      expectCommonHeaders(res);
      expect(directive(res, 'script-src')).toBe("script-src 'self'");
    }
  });

  it('give the web app a policy without inline script or <style> and only its own origin', async () => {
    const page = await t.call({ method: 'GET', url: '/panel/admin/agencies' });
    expect(page.status).toBe(200);
    expect(String(page.body)).toContain('/assets/app.js');
    expectCommonHeaders(page);
    expect(directive(page, 'script-src')).toBe("script-src 'self'");
    expect(directive(page, 'script-src-attr')).toBe("script-src-attr 'none'");
    expect(directive(page, 'style-src')).toBe("style-src 'self'");
    // Style attributes only, for the e-mail previews.
    expect(directive(page, 'style-src-attr')).toBe("style-src-attr 'unsafe-inline'");
    expect(csp(page)).not.toContain('unsafe-eval');
    expect(directive(page, 'default-src')).toBe("default-src 'self'");
    expect(directive(page, 'connect-src')).toBe("connect-src 'self'");
    // PDF previews are blob: URLs in an <object>; HTML5 banners are previewed in frames of
    // /creatives/ (sandboxed by their own CSP); nothing else may be embedded.
    expect(directive(page, 'object-src')).toBe('object-src blob:');
    expect(directive(page, 'frame-src')).toBe("frame-src blob: 'self'");

    const script = await t.call({ method: 'GET', url: '/assets/app.js' });
    expect(script.status).toBe(200);
    expectCommonHeaders(script);
  });

  it('never serve a source map, and a missing asset is a 404 rather than the page', async () => {
    const map = await t.call({ method: 'GET', url: '/assets/app.js.map' });
    expect(map.status).toBe(404);
    expect(String(map.body)).not.toContain('secret.ts');
    expect((await t.call({ method: 'GET', url: '/assets/gone.js' })).status).toBe(404);
  });

  it('relax the policy for the Swagger UI only, and only for styles', async () => {
    const docs = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(docs.status).toBe(200);
    expectCommonHeaders(docs);
    expect(directive(docs, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");
    expect(directive(docs, 'script-src')).toBe("script-src 'self'");
    const docsFile = await t.call({ method: 'GET', url: '/api/docs/json' });
    expect(directive(docsFile, 'style-src')).toBe("style-src 'self' 'unsafe-inline'");

    const app = await t.call({ method: 'GET', url: '/api/docsx' });
    expect(directive(app, 'style-src')).toBe("style-src 'self'");
  });

  it('send HSTS (and upgrade insecure requests) only when PUBLIC_URL is https', async () => {
    const plain = await t.call({ method: 'GET', url: '/api/locales' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(directive(plain, 'upgrade-insecure-requests')).toBeUndefined();

    const secure = await https.call({ method: 'GET', url: '/api/locales' });
    expect(secure.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(directive(secure, 'upgrade-insecure-requests')).toBe('upgrade-insecure-requests');
    expectCommonHeaders(secure);
  });
});
