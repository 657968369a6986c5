import { createHash } from 'node:crypto';
import type { ProductImageBox } from '@rtb/shared';
import type { CachedImage, ImageCache } from './image-cache';
import { renderProductImage } from './render-image';

/** A source that could not be fetched or read is not asked again for this long. */
const FAILURE_MEMORY_MS = 5 * 60_000;

export interface ProductImageSource {
  imageLink: string;
}

export interface ImageProxyOptions {
  cache: ImageCache;
  /** The image link the product has now; null for an unknown product. */
  sourceOf(key: number): Promise<ProductImageSource | null>;
  /** The path the product's image is served at now (its version follows the image link). */
  pathOf(key: number, imageLink: string, box: ProductImageBox): string;
  /** The source's bytes (bounded in size and time, never from a private address); throws when not had. */
  fetch(url: string): Promise<Buffer>;
  now?: () => number;
}

export type ProxiedImage = (CachedImage & { etag: string }) | { missing: 'unknown' | 'unavailable' };

/**
 * Serves a product's image through us (never hot-linked): fetched once from the shop, rendered to
 * the box, cached on disk. Concurrent requests for one image share one fetch and render; a source
 * that failed is remembered for a while so a broken link is not fetched on every impression.
 */
export class ProductImageProxy {
  readonly #o: ImageProxyOptions;
  readonly #inFlight = new Map<string, Promise<void>>();
  readonly #failedUntil = new Map<string, number>();

  constructor(options: ImageProxyOptions) {
    this.#o = options;
  }

  async serve(path: string, key: number, box: ProductImageBox): Promise<ProxiedImage> {
    const source = await this.#o.sourceOf(key);
    // An old version of the path (the link changed) or a forged one is not ours to answer.
    if (!source || this.#o.pathOf(key, source.imageLink, box) !== path) return { missing: 'unknown' };
    const cacheKey = createHash('sha256').update(`${source.imageLink}\n${box}`).digest('hex');
    const cached = await this.#o.cache.read(cacheKey);
    if (cached) return { ...cached, etag: `"${cacheKey.slice(0, 32)}"` };
    const now = this.#o.now?.() ?? Date.now();
    if ((this.#failedUntil.get(cacheKey) ?? 0) > now) return { missing: 'unavailable' };
    let rendering = this.#inFlight.get(cacheKey);
    if (!rendering) {
      rendering = this.#render(source.imageLink, box, cacheKey).finally(() =>
        this.#inFlight.delete(cacheKey),
      );
      this.#inFlight.set(cacheKey, rendering);
    }
    try {
      await rendering;
    } catch {
      return { missing: 'unavailable' };
    }
    const rendered = await this.#o.cache.read(cacheKey);
    return rendered ? { ...rendered, etag: `"${cacheKey.slice(0, 32)}"` } : { missing: 'unavailable' };
  }

  async #render(imageLink: string, box: ProductImageBox, cacheKey: string) {
    try {
      await this.#o.cache.write(cacheKey, await renderProductImage(await this.#o.fetch(imageLink), box));
      this.#failedUntil.delete(cacheKey);
    } catch (error) {
      this.#failedUntil.set(cacheKey, (this.#o.now?.() ?? Date.now()) + FAILURE_MEMORY_MS);
      if (this.#failedUntil.size > 10_000) this.#forgetExpired();
      throw error;
    }
  }

  #forgetExpired() {
    const now = this.#o.now?.() ?? Date.now();
    for (const [key, until] of this.#failedUntil) if (until <= now) this.#failedUntil.delete(key);
  }
}
