import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CallTracker } from '../external-apis/track-call';
import { demoShopTrust } from './demo-shop-trust';
import { guardedFetch, UnsafeAddressError } from './guarded-fetch';

const track: CallTracker = (_request, perform) => perform();

/** The SSRF guard lets the feed importer and the image proxy reach the demo shop, and nothing else. */
describe('the demo shop exception of the SSRF guard', () => {
  let server: Server;
  let other: Server;
  let base: string;
  let otherBase: string;

  const listen = (s: Server) =>
    new Promise<string>((resolve) =>
      s.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(s.address() as AddressInfo).port}`)),
    );
  beforeAll(async () => {
    server = createServer((req, res) => {
      if (req.url === '/demo-shop/feed.xml?redirect') res.writeHead(302, { location: '/secret' }).end();
      else if (req.url === '/demo-shop/images/DS-1.png') res.writeHead(302, { location: '/secret' }).end();
      else res.writeHead(200).end(`served ${req.url}`);
    });
    other = createServer((_req, res) => res.writeHead(200).end('other'));
    base = await listen(server);
    otherBase = await listen(other);
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await new Promise((resolve) => other.close(resolve));
  });

  const get = async (url: string, trustedShop: string | null) => {
    const res = await guardedFetch(url, {
      allowPrivate: false,
      trusted: demoShopTrust(trustedShop),
      deadline: Date.now() + 5000,
      track,
    });
    let body = '';
    for await (const chunk of res.body) body += String(chunk);
    return { status: res.status, body };
  };

  it('fetches exactly the demo feed and product images of the configured demo shop', async () => {
    expect(await get(`${base}/demo-shop/feed.xml`, `${base}/demo-shop`)).toEqual({
      status: 200,
      body: 'served /demo-shop/feed.xml',
    });
    expect((await get(`${base}/demo-shop/images/DS-101.png`, `${base}/demo-shop`)).status).toBe(200);
  });

  it('still refuses any other loopback URL: other paths, ports, queries, credentials, redirects', async () => {
    const shop = `${base}/demo-shop`;
    for (const url of [
      `${base}/secret`,
      `${base}/demo-shop/cart.html`,
      `${base}/demo-shop/feed.xml?redirect`,
      `${base}/demo-shop/feed.xml#x`,
      `${base}/demo-shop/images/../../secret`,
      `${base.replace('http://', 'http://user:pw@')}/demo-shop/feed.xml`,
      `${otherBase}/demo-shop/feed.xml`,
      `http://localhost:${new URL(base).port}/demo-shop/feed.xml`,
    ])
      await expect(get(url, shop), url).rejects.toBeInstanceOf(UnsafeAddressError);
    // A trusted image that redirects elsewhere on the same host: the redirect is checked again.
    await expect(get(`${base}/demo-shop/images/DS-1.png`, shop)).rejects.toBeInstanceOf(UnsafeAddressError);
  });

  it('trusts nothing outside demo mode', async () => {
    await expect(get(`${base}/demo-shop/feed.xml`, null)).rejects.toBeInstanceOf(UnsafeAddressError);
  });
});
