import { randomFillSync } from 'node:crypto';

/** Bytes drawn from the system's CSPRNG at once: one call per 256 ids of 16 bytes. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let offset = 0;

/**
 * A random id of `bytes` bytes, base64url. The bytes come from the same CSPRNG as `randomBytes`,
 * drawn a pool at a time as `crypto.randomUUID` does: one `randomBytes` call per bid cost more
 * than the rest of the decision.
 */
export function randomId(bytes: number): string {
  if (offset + bytes > pool.length) {
    pool = randomFillSync(Buffer.allocUnsafe(POOL_BYTES));
    offset = 0;
  }
  const id = pool.toString('base64url', offset, offset + bytes);
  offset += bytes;
  return id;
}
