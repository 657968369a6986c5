import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ProductImageBox } from '@rtb/shared';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ImageCache } from './image-cache';
import { type ImageProxyOptions, ProductImageProxy, type ProxiedImage } from './proxy-image';

const DAY_MS = 86_400_000;
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'image-proxy-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 40, b: 40 } } })
    .jpeg()
    .toBuffer();

const pathOf = (key: number, link: string, box: ProductImageBox) => `/img/${key}/${box}/${link.length}`;

/** A proxy over one product (key 7) whose image link and bytes the test sets; counts fetches. */
function proxyOf(overrides: Partial<ImageProxyOptions> & { bytes?: () => Promise<Buffer> } = {}) {
  const state = { link: 'https://shop.example/a.jpg', fetches: 0, now: 0 };
  const proxy = new ProductImageProxy({
    cache: new ImageCache(join(dir, 'cache'), DAY_MS),
    sourceOf: async (key) => (key === 7 ? { imageLink: state.link } : null),
    pathOf,
    fetch: async () => {
      state.fetches += 1;
      return (overrides.bytes ?? (() => photo(1200, 800)))();
    },
    now: () => state.now,
    ...overrides,
  });
  return { proxy, state };
}

async function bytesOf(served: ProxiedImage): Promise<Buffer> {
  if ('missing' in served) throw new Error(`missing: ${served.missing}`);
  const chunks: Buffer[] = [];
  for await (const chunk of served.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('the product image proxy', () => {
  it('fetches the source once, serves it fitted in its box as WebP, and from the disk cache after', async () => {
    const { proxy, state } = proxyOf();
    const path = pathOf(7, state.link, 240);
    const first = await bytesOf(await proxy.serve(path, 7, 240));
    const meta = await sharp(first).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 240, 160]);
    const again = await proxy.serve(path, 7, 240);
    expect(await bytesOf(again)).toEqual(first);
    expect(state.fetches).toBe(1);
    // Another box is another rendering of the same source.
    const small = await sharp(await bytesOf(await proxy.serve(pathOf(7, state.link, 96), 7, 96))).metadata();
    expect([small.width, small.height]).toEqual([96, 64]);
    expect(state.fetches).toBe(2);
  });

  it('never enlarges a small image', async () => {
    const { proxy, state } = proxyOf({ bytes: () => photo(50, 40) });
    const meta = await sharp(await bytesOf(await proxy.serve(pathOf(7, state.link, 640), 7, 640))).metadata();
    expect([meta.width, meta.height]).toEqual([50, 40]);
  });

  it('shares one fetch among concurrent requests for the same image', async () => {
    const { proxy, state } = proxyOf();
    const path = pathOf(7, state.link, 160);
    const served = await Promise.all(Array.from({ length: 8 }, () => proxy.serve(path, 7, 160)));
    const bodies = await Promise.all(served.map(bytesOf));
    expect(state.fetches).toBe(1);
    expect(new Set(bodies.map((b) => b.toString('base64'))).size).toBe(1);
  });

  it('answers unknown for another product, a forged path or the path of an image link it no longer has', async () => {
    const { proxy, state } = proxyOf();
    expect(await proxy.serve(pathOf(8, state.link, 96), 8, 96)).toEqual({ missing: 'unknown' });
    expect(await proxy.serve('/img/7/96/forged', 7, 96)).toEqual({ missing: 'unknown' });
    const old = pathOf(7, state.link, 96);
    state.link = 'https://shop.example/a-new-photo.jpg';
    expect(await proxy.serve(old, 7, 96)).toEqual({ missing: 'unknown' });
    expect(state.fetches).toBe(0);
  });

  it('refuses what is not a raster image and remembers a failed source for five minutes', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const bytes of [Buffer.from('<html>404</html>'), svg, (await photo(100, 100)).subarray(0, 200)]) {
      const { proxy, state } = proxyOf({ bytes: async () => bytes });
      expect(await proxy.serve(pathOf(7, state.link, 96), 7, 96)).toEqual({ missing: 'unavailable' });
    }
    let broken = true;
    const { proxy, state } = proxyOf({
      bytes: async () => {
        if (broken) throw new Error('connection refused');
        return photo(100, 100);
      },
    });
    const path = pathOf(7, state.link, 96);
    expect(await proxy.serve(path, 7, 96)).toEqual({ missing: 'unavailable' });
    broken = false;
    state.now += 4 * 60_000;
    expect(await proxy.serve(path, 7, 96)).toEqual({ missing: 'unavailable' });
    expect(state.fetches).toBe(1);
    state.now += 2 * 60_000;
    expect((await sharp(await bytesOf(await proxy.serve(path, 7, 96))).metadata()).width).toBe(96);
    expect(state.fetches).toBe(2);
  });
});

describe('the image cache', () => {
  it('sweeps entries older than its age and keeps the others', async () => {
    const cache = new ImageCache(dir, DAY_MS);
    await cache.write('aa11', Buffer.from('old'));
    await cache.write('bb22', Buffer.from('new'));
    const twoDaysAgo = new Date(Date.now() - 2 * DAY_MS);
    await utimes(join(dir, 'aa', 'aa11.webp'), twoDaysAgo, twoDaysAgo);
    expect(await cache.sweep()).toBe(1);
    expect(await cache.read('aa11')).toBeNull();
    const kept = await cache.read('bb22');
    expect(kept?.size).toBe(3);
    kept?.stream.destroy();
  });
});
