import type { AppDeps } from '../../../core/deps';
import { callTracker, demoShopTrust, guardedFetch } from '../../platform';

/** A product photo larger than this is not one a banner should carry. */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
const IMAGE_FETCH_TIMEOUT_MS = 10_000;

export class ImageFetchError extends Error {}

/**
 * A shop's product image, fetched through the SSRF guard (private addresses refused, redirects
 * re-checked) within 10 s and 10 MB, each request in the external-API log. Anything but a 200 is
 * an error; what the bytes are is for the renderer to find out.
 */
export async function fetchImage(deps: AppDeps, url: string): Promise<Buffer> {
  const res = await guardedFetch(url, {
    allowPrivate: deps.config.urlVerifyAllowPrivate,
    trusted: demoShopTrust(deps.config.demoShopUrl),
    deadline: Date.now() + IMAGE_FETCH_TIMEOUT_MS,
    track: callTracker(deps, 'product-image'),
    headers: { accept: 'image/avif, image/webp, image/png, image/jpeg, image/*;q=0.8' },
  });
  if (res.status !== 200) {
    res.body.resume();
    throw new ImageFetchError(`HTTP ${res.status}`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > IMAGE_MAX_BYTES) {
      res.body.destroy();
      throw new ImageFetchError(`more than ${IMAGE_MAX_BYTES} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}
