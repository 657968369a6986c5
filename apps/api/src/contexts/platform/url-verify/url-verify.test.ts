import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { messages } from '@rtb/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

/** Requests the local site saw, as `METHOD /path`. */
const seen: string[] = [];
let site: Server;
let base: string;
let refusedBase: string;
let local: TestApp;
let strict: TestApp;

function listen(server: Server): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
}

beforeAll(async () => {
  site = createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    switch (req.url) {
      case '/ok':
        res.writeHead(200, { 'content-type': 'text/html' }).end('<p>ok</p>');
        return;
      case '/moved':
        res.writeHead(301, { location: '/ok' }).end();
        return;
      case '/moved-to-missing':
        res.writeHead(302, { location: '/missing' }).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      case '/missing':
        res.writeHead(404).end();
        return;
      case '/broken':
        res.writeHead(500).end();
        return;
      case '/no-head':
        res.writeHead(req.method === 'HEAD' ? 405 : 200).end();
        return;
      case '/hang':
        return; // never answers
      case '/drip': {
        // Answers 200 in the end, one byte every 50 ms: never silent long enough for a socket timeout.
        const answer = 'HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n';
        let sent = 0;
        const timer = setInterval(() => {
          if (req.socket.destroyed || sent >= answer.length) return clearInterval(timer);
          req.socket.write(answer.charAt(sent++));
        }, 50);
        return;
      }
      default:
        res.writeHead(404).end();
    }
  });
  base = `http://127.0.0.1:${await listen(site)}`;

  // A port that was just free and is closed again: connecting to it is refused.
  const closed = createServer();
  const closedPort = await listen(closed);
  await new Promise<void>((resolve) => closed.close(() => resolve()));
  refusedBase = `http://127.0.0.1:${closedPort}`;

  [local, strict] = await Promise.all([
    createTestApp({ config: { urlVerifyAllowPrivate: true, urlVerifyTimeoutMs: 300 } }),
    createTestApp(),
  ]);
});

afterAll(async () => {
  site.closeAllConnections();
  await new Promise<void>((resolve) => site.close(() => resolve()));
  await Promise.all([local?.close(), strict?.close()]);
});

beforeEach(() => {
  seen.length = 0;
});

const verify = (app: TestApp, url: unknown) =>
  app.call({ method: 'POST', url: '/api/url/verify', payload: { url } });

const expectUrlError = (res: { status: number; body: unknown }, message?: string) => {
  expect(res.status).toBe(422);
  expect(res.body).toEqual({
    message: messages.validation,
    code: 422,
    error: 'validation.failed',
    issues: expect.any(Object),
    errors: { url: [message ?? expect.any(String)] },
  });
};

describe('POST /api/url/verify', () => {
  it('verifies a URL that answers 200', async () => {
    const res = await verify(local, `${base}/ok`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      data: { urlVerification: { url: `${base}/ok`, finalUrl: `${base}/ok`, status: 200 } },
    });
  });

  it('follows a redirect and reports where it ended', async () => {
    const res = await verify(local, `${base}/moved`);
    expect(res.status).toBe(200);
    const result = res.body.data.urlVerification;
    expect(result.url).toBe(`${base}/moved`);
    expect(result.finalUrl.endsWith('/ok')).toBe(true);
    expect(result.status).toBe(200);
  });

  it('asks with GET when HEAD is refused', async () => {
    const res = await verify(local, `${base}/no-head`);
    expect(res.status).toBe(200);
    expect(res.body.data.urlVerification).toMatchObject({ finalUrl: `${base}/no-head`, status: 200 });
    expect(seen).toEqual(['HEAD /no-head', 'GET /no-head']);
  });

  it('refuses a URL that answers 404 with 422 on url', async () => {
    expectUrlError(await verify(local, `${base}/missing`), messages.urlErrorStatus(404));
  });

  it('refuses an error status reached through a redirect', async () => {
    expectUrlError(await verify(local, `${base}/moved-to-missing`), messages.urlErrorStatus(404));
  });

  it('refuses a server error with 422, not 500', async () => {
    expectUrlError(await verify(local, `${base}/broken`), messages.urlErrorStatus(500));
  });

  it('gives up on a redirect loop with 422', async () => {
    expectUrlError(await verify(local, `${base}/loop`), messages.urlUnreachable);
  });

  it('answers a URL that never responds with 422 "does not answer", not 500', async () => {
    const res = await verify(local, `${base}/hang`);
    expectUrlError(res, messages.urlUnreachable);
    expect(messages.urlUnreachable).toMatch(/does not answer/);
  });

  it('gives up on a URL that answers too slowly, even if it never falls silent', async () => {
    expectUrlError(await verify(local, `${base}/drip`), messages.urlUnreachable);
  });

  it('answers a refused connection with 422', async () => {
    expectUrlError(await verify(local, `${refusedBase}/ok`), messages.urlUnreachable);
  });

  it('answers a host that does not resolve with 422', async () => {
    expectUrlError(await verify(local, 'http://no-such-host.invalid/'), messages.urlUnreachable);
  });

  it.each([
    'not a url',
    'ftp://x',
    'mailto:someone@example.com',
    'javascript:alert(1)',
    'http://',
    '//example.com',
  ])('refuses the malformed URL %o with 422 on url', async (url) => {
    expectUrlError(await verify(local, url), messages.urlInvalid);
  });

  it.each([[''], ['   '], [42], [null]])('refuses the body url %o with 422 on url', async (url) => {
    expectUrlError(await verify(local, url));
  });

  it('refuses a body without url with 422 on url', async () => {
    const res = await local.call({ method: 'POST', url: '/api/url/verify', payload: {} });
    expectUrlError(res);
  });
});

describe('SSRF protection (default config)', () => {
  it('verifies nothing on the local site while it is up', async () => {
    const up = await verify(local, `${base}/ok`);
    expect(up.status).toBe(200);
    seen.length = 0;

    const port = new URL(base).port;
    for (const url of [
      `${base}/ok`,
      `http://localhost:${port}/ok`,
      `http://127.1:${port}/ok`,
      `http://0x7f000001:${port}/ok`,
      `http://[::1]:${port}/ok`,
      `http://[::ffff:127.0.0.1]:${port}/ok`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/',
      'http://192.168.1.1/',
    ]) {
      const res = await verify(strict, url);
      expect(res.status, url).toBe(422);
      expect(res.body.errors.url, url).toEqual([messages.urlUnreachable]);
    }
    expect(seen).toEqual([]);
  });
});
