import { createRandom, type Random } from '../random';

/**
 * A random stream that depends only on the seed and the names given (FNV-1a over them, then
 * murmur3's finaliser): a hidden effect or a user's traits are the same whenever and however
 * often they are asked for.
 */
export function keyedRandom(seed: number, ...names: readonly (string | number)[]): Random {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (const name of names) {
    // A separator, so that ('ab', 'c') and ('a', 'bc') differ.
    for (const char of `${name}\u0000`) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35);
  hash ^= hash >>> 16;
  return createRandom(hash >>> 0);
}
